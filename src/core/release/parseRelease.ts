/**
 * Reading a release and its audit back from JSON (the CLI's `evaluate`, results opened in the UI):
 * the header, the kind's body and the audit are checked against their shapes (releaseSchema.ts)
 * before anything reads them, with an error that names the file and the JSON path of the first
 * field that is wrong, and converted to the typed form the pipeline holds (plainRelease.ts). A
 * top-level key that no shape names (a typo such as `"suppresed"`, or a field added by hand) is
 * refused too: what is published is exactly what was verified.
 */
import { childPath, shapeProblem, type Shape } from './jsonShape.ts';
import { AUDIT_SHAPES, BODY_SHAPES, HEADER_SHAPE } from './releaseSchema.ts';
import { DP_HEADER_SHAPE, SYNTHETIC_AUDIT_SHAPE, syntheticBodyShape } from './dpSchema.ts';
import type { Audit, PrivacyModel, Release, ReleaseKind } from './types.ts';
import { auditFromPlain, releaseFromPlain, type PlainAudit, type PlainRelease } from './plainRelease.ts';

export class ReleaseFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ReleaseFormatError';
  }
}

export function parseRelease(text: string, file: string): Release {
  const value = parseJson(text, file);
  const problem = shapeProblem(value, HEADER_SHAPE);
  if (problem) throw new ReleaseFormatError(file, problem);
  const kind = (value as { kind: ReleaseKind }).kind;
  const bodyProblem = shapeProblem(value, BODY_SHAPES[kind]);
  if (bodyProblem) throw new ReleaseFormatError(file, `${bodyProblem} (in a "${kind}" release)`);
  const dp = (value as { model: PrivacyModel }).model === 'differential-privacy';
  if (dp) {
    const dpProblem =
      shapeProblem(value, DP_HEADER_SHAPE) ??
      (kind === 'transactions' ? shapeProblem(value, syntheticBodyShape(value)) : null);
    if (dpProblem) throw new ReleaseFormatError(file, `${dpProblem} (in a differential-privacy release)`);
  }
  const shapes = [
    HEADER_SHAPE,
    BODY_SHAPES[kind],
    ...(dp ? [DP_HEADER_SHAPE, ...(kind === 'transactions' ? [syntheticBodyShape(value)] : [])] : []),
  ];
  const unknown = unknownKey(value, shapes);
  if (unknown) throw new ReleaseFormatError(file, `${unknown} (in a "${kind}" release)`);
  return releaseFromPlain(value as PlainRelease);
}

/** The audit of a release of `kind` (DiffPart's synthetic `transactions`: its true partition sizes). */
export function parseAudit(text: string, file: string, kind: ReleaseKind, model?: PrivacyModel): Audit {
  const value = parseJson(text, file);
  const shape =
    model === 'differential-privacy' && kind === 'transactions' ? SYNTHETIC_AUDIT_SHAPE : AUDIT_SHAPES[kind];
  const problem = shapeProblem(value, shape) ?? unknownKey(value, [shape]);
  if (problem) throw new ReleaseFormatError(file, `${problem} (the audit of a "${kind}" release)`);
  return auditFromPlain(value as PlainAudit);
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReleaseFormatError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/** The first top-level key of `value` that none of the object `shapes` names, as a problem. */
function unknownKey(value: unknown, shapes: readonly Shape[]): string | null {
  const known = shapes.flatMap((shape) => (shape.type === 'object' ? Object.keys(shape.fields) : []));
  const extra = Object.keys(value as object).find((key) => !known.includes(key));
  return extra === undefined
    ? null
    : `${childPath('', extra)}: not a field of this file (it holds ${known.map((k) => `"${k}"`).join(', ')})`;
}
