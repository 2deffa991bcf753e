/**
 * A method's teaching trace (DESIGN.md sec. 3 `teach`; core/teach/trace.ts): the method's own run,
 * exactly as a production run calls it (same params resolution, sensitive items, seeded RNG, header),
 * with a StepRecorder in its context instead of the no-op one. The release it returns is verified
 * like any other, and drawn as the trace's last step: the last state is the release this very run
 * publishes. Refused before any work on a method without a stepper or a dataset above its limit.
 */
import { InputError, VerificationError } from '../base/errors.ts';
import type { Dataset } from '../data/dataset.ts';
import { citationOf } from '../methods/papers.ts';
import { verifyRelease } from '../release/verify.ts';
import type { PrivacyModel, ReleaseKind } from '../release/types.ts';
import { paperExampleOf } from '../teach/paperExamples.ts';
import { StepRecorder } from '../teach/recorder.ts';
import { ledgerShown } from '../teach/ledgerShown.ts';
import { stepWithNames } from '../teach/rowNames.ts';
import { releaseDrawing } from '../teach/releaseDrawing.ts';
import { MAX_STEPS, TRACE_VERSION, type Step, type Trace } from '../teach/trace.ts';
import { resolveRequest, runContext } from './resolveRequest.ts';
import type { RunRequest } from './runRecord.ts';
import { teachingDegree } from './teachingDegree.ts';
import { attackStep } from './teachAttack.ts';
import { teachLoss } from './teachLoss.ts';
import { takeSample, type SampleSize } from '../data/teachingSample.ts';

/** What the verifier checked, in words, per privacy model (DESIGN.md sec. 4). */
const GUARANTEE: Record<PrivacyModel, string> = {
  'p-degree': 'every group has privacy degree at least p',
  'k-anonymity': 'every published row is identical to at least k - 1 others',
  'km-anonymity': 'every itemset of up to m published items occurs in at least k rows or in none',
  constraints: 'every privacy constraint is supported by at least k rows or by none',
  'l-diversity': 'every column of every bucket is l-diverse',
  'differential-privacy': 'the ledger spends at most ε and the published data follow from the noisy counts',
  'hkp-coherence':
    'every itemset of up to p public items is held by k rows or none, and no private item by more than a share h of them',
  disassociation:
    'every record chunk is k^m-anonymous and every item occurrence is in exactly one chunk of its cluster',
};

const UNIT: Record<ReleaseKind, string> = {
  groups: 'group',
  transactions: 'class',
  generalized: 'table',
  buckets: 'bucket',
  itemsets: 'itemset list',
  disassociated: 'cluster',
};

export type TeachRequest = Pick<RunRequest, 'method' | 'params' | 'seed' | 'sensitive'> & {
  /** The file's own row names (a csv-long file's tids), shown in place of T1..Tn. */
  rowNames?: readonly string[];
  /** Step through a sample of the file (data/teachingSample.ts), drawn with the trace's seed. */
  sample?: SampleSize;
  /** Measure the release's loss (teachLoss.ts) into `trace.loss`. */
  loss?: boolean;
};

/** A step without its figure badge (the data are not the paper's example). */
function withoutFigure({ figure: _figure, ...step }: Step): Step {
  return step;
}

/** Why a dataset cannot be taught by this method (null: it can). */
export function teachRefusal(dataset: Dataset, method: string): string | null {
  const { spec } = resolveRequest({ method, params: {} });
  if (!spec.teach) return `${spec.id} has no teaching stepper`;
  if (dataset.n > spec.teach.maxRows)
    return `the teaching stepper of ${spec.id} draws at most ${spec.teach.maxRows} transactions (the teaching limit); ${dataset.name} has ${dataset.n.toLocaleString('en-US')}`;
  return null;
}

/** `maxCells`: the drawn cells the trace may hold (core/teach/traceSize.ts; the release is always drawn). */
export function teachRun(
  file: Dataset,
  { sample: size, ...asked }: TeachRequest,
  maxSteps = MAX_STEPS,
  maxCells = Number.POSITIVE_INFINITY,
): Trace {
  const method = resolveRequest(asked).spec;
  const named = asked.sensitive && 'items' in asked.sensitive ? asked.sensitive.items : [];
  const sample = size && takeSample(file, size, asked.seed, named);
  const dataset = sample ? sample.dataset : file;
  // A sample's rows keep the file's names (its tids, else its row numbers).
  if (sample) asked = { ...asked, rowNames: sample.rows.map((r) => asked.rowNames?.[r] ?? `T${r + 1}`) };
  const refusal = teachRefusal(dataset, method.id);
  if (refusal) throw new InputError(refusal);
  // A p-degree method on a small example without a p: the paper's p, or the largest that fits.
  const degree = teachingDegree(dataset, method, asked);
  const request = degree ? { ...asked, params: { ...asked.params, p: degree.p } } : asked;
  const { spec, params } = resolveRequest(request);
  const example = paperExampleOf(dataset, spec.id);
  // Room for the attack step and the release after the method's own steps.
  const recorder = new StepRecorder(maxSteps - 2, maxCells, example?.example);
  // DP noise from the trace's seed (DESIGN.md sec. 3): the steps are the same every time they are
  // shown, and the release says it is not for publication.
  const ctx = runContext(dataset, spec, params, { ...request, seededNoise: true }, { recorder });
  const { release, audit } = spec.run(dataset, params, ctx);
  const verification = verifyRelease(dataset, release, audit);
  if (!verification.verified) throw new VerificationError(spec.id, verification.problems);
  const lastMatrix = [...recorder.steps].reverse().find((s) => s.state.kind === 'matrix')?.state;
  const columns = lastMatrix?.kind === 'matrix' ? lastMatrix.columns.filter((c) => !c.sensitive) : [];
  const drawing = releaseDrawing(
    release,
    audit,
    columns.map((c) => c.label),
  );
  const published: Step = {
    title: 'The release',
    text:
      `What the run publishes, checked by the verifier: ${GUARANTEE[spec.model]}. ` +
      (spec.model === 'differential-privacy'
        ? `No published row or itemset is an input row: it follows from the noisy counts alone. The noise was drawn from seed ${request.seed}, so this release is for teaching only, not for publication.`
        : `Rows are shuffled within each ${UNIT[release.kind]} (seed ${request.seed}); the row names are the private audit's link to the input, which is never published.`) +
      (recorder.omitted > 0
        ? ` ${recorder.omitted} steps before this one are not shown: a trace holds at most ${maxSteps}.`
        : ''),
    cite: `${citationOf(spec.paper)}; published form: DESIGN.md sec. 4`,
    state: drawing,
    changed: [],
    ...(release.ledger && { ledger: ledgerShown(release.ledger) }),
  };
  const attack = attackStep(dataset, release, audit, drawing);
  // Names: the file's own (a tid column), else the paper's for its example, else T1..Tn.
  const names =
    asked.rowNames &&
    asked.rowNames.length === dataset.n &&
    asked.rowNames.some((name, r) => name !== `T${r + 1}`)
      ? { names: asked.rowNames, from: 'file' as const }
      : example?.names
        ? { names: example.names, from: 'paper' as const }
        : undefined;
  const steps = [...recorder.steps, ...(attack ? [attack] : []), published].map((step, i) => {
    const badged = example ? step : withoutFigure(step);
    const stated = sample && i === 0 ? { ...badged, text: `${sample.why} ${badged.text}` } : badged;
    return names ? stepWithNames(stated, names.names) : stated;
  });
  return {
    version: TRACE_VERSION,
    method: spec.id,
    label: spec.label,
    citation: citationOf(spec.paper),
    params: { ...params },
    seed: request.seed,
    sensitive: ctx.header.sensitive,
    dataset: { name: dataset.name, transactions: dataset.n, items: dataset.d },
    limits: { rows: spec.teach!.maxRows, steps: maxSteps },
    omitted: recorder.omitted,
    ...(degree && { degree }),
    ...(example && { example: example.example }),
    ...(sample && {
      sample: {
        rows: size.rows,
        items: size.items,
        seed: asked.seed,
        of: { transactions: file.n, items: file.d },
        why: sample.why,
      },
    }),
    ...(asked.loss && { loss: teachLoss(dataset, release, audit, request.seed) }),
    ...(names && { rowNames: names.from }),
    steps,
  };
}
