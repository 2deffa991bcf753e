/**
 * Reading a release and its audit back from JSON (the CLI's `evaluate`, results opened in the UI):
 * checks the header and the shape of the kind's body, with an error that names the file and field.
 */
import type { Audit, Release } from './types.ts';

export class ReleaseFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ReleaseFormatError';
  }
}

const KIND_BODY: Record<Release['kind'], string> = {
  groups: 'groups',
  transactions: 'transactions',
  generalized: 'transactions',
  buckets: 'buckets',
};

export function parseRelease(text: string, file: string): Release {
  const value = parseJson(text, file) as Partial<Release> | null;
  if (!value || typeof value !== 'object') throw new ReleaseFormatError(file, 'expected a JSON object');
  if (value.format !== 'txanon-release/1')
    throw new ReleaseFormatError(
      file,
      `expected "format": "txanon-release/1", found ${JSON.stringify(value.format)}`,
    );
  const kind = value.kind;
  if (!kind || !(kind in KIND_BODY))
    throw new ReleaseFormatError(
      file,
      `expected "kind" to be one of ${Object.keys(KIND_BODY).join(', ')}, found ${JSON.stringify(kind)}`,
    );
  const body = (value as Record<string, unknown>)[KIND_BODY[kind]];
  if (!Array.isArray(body))
    throw new ReleaseFormatError(file, `a "${kind}" release needs an array "${KIND_BODY[kind]}"`);
  if (typeof value.method !== 'string' || typeof value.params !== 'object')
    throw new ReleaseFormatError(file, 'expected "method" and "params"');
  return value as Release;
}

export function parseAudit(text: string, file: string): Audit {
  const value = parseJson(text, file) as Record<string, unknown> | null;
  for (const key of ['rowOf', 'groups', 'buckets']) {
    if (value && Array.isArray(value[key])) return value as unknown as Audit;
  }
  throw new ReleaseFormatError(file, 'expected an audit with "rowOf", "groups" or "buckets"');
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReleaseFormatError(file, `not valid JSON (${(error as Error).message})`);
  }
}
