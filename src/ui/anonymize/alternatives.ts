/**
 * What the "read with care" box measures beside a run that generalized or suppressed most of the
 * data (issue 32: "saying which method or setting would lose less on this file (measure it)"): the
 * other methods of the same privacy model at the same privacy levels (k, m, p, l, the same
 * sensitive items), and the same method with each other choice of its choice parameters (apriori-km's
 * hierarchy order, when it builds its hierarchy). At most MAX_ALTERNATIVES runs, each measured with
 * the same metrics. Pure: the box runs them on the pool and ranks them (`lessLossy`).
 */
import type { MethodInfo } from '../../core/methods/types.ts';
import type { RunRecord, RunRequest } from '../../core/run/runRecord.ts';
import { formatValue } from '../widgets/metricText.ts';

const MAX_ALTERNATIVES = 5;
/** The parameters that set the privacy level: kept as they are in every alternative. */
const LEVELS = ['k', 'm', 'p', 'l'];
/** What the box compares: the share lost, NCP (generalized and transactions kinds), AvgRE (every kind). */
export const CARE_METRICS = ['ncp', 'avgre'];

/**
 * COAT's model is `constraints`; in k^m mode (an m given) it gives the k^m guarantee too. With
 * m = 0 it protects the user's own constraints only, which no k^m method (apriori-km needs m >= 1)
 * can be measured against.
 */
const familyOf = (model: string, params: RunRecord['params']) =>
  model === 'constraints' && Number(params.m ?? 0) >= 1 ? 'km-anonymity' : model;

export interface Alternative {
  /** In words: `coat (k = 5, m = 2)`, `apriori-km, order = cooccurrence`. */
  label: string;
  request: RunRequest;
}

export function alternativesOf(record: RunRecord, catalogue: readonly MethodInfo[]): Alternative[] {
  const method = catalogue.find((m) => m.id === record.method);
  if (!method) return [];
  if (method.model === 'differential-privacy') return dpAlternativesOf(record, method, catalogue);
  const out: Alternative[] = [];
  const sensitive = record.sensitive.length > 0 ? { items: record.sensitive } : undefined;
  const request = (id: string, params: RunRequest['params'], needsSensitive: boolean): RunRequest => ({
    method: id,
    params,
    seed: record.seed,
    metrics: CARE_METRICS,
    ...(needsSensitive && sensitive ? { sensitive } : {}),
  });
  const levels = (m: MethodInfo) =>
    Object.fromEntries(
      m.params
        .filter((p) => LEVELS.includes(p.name) && p.name in record.params)
        .map((p) => [p.name, record.params[p.name]]),
    );
  const levelWords = (params: RunRequest['params']) =>
    Object.entries(params)
      .map(([name, value]) => `${name} = ${String(value)}`)
      .join(', ');
  const family = familyOf(method.model, record.params);
  for (const other of catalogue) {
    if (other.id === method.id || familyOf(other.model, record.params) !== family) continue;
    // The same levels (COAT in k^m mode takes m); every other parameter at its default.
    const params = levels(other);
    out.push({
      label: `${other.id} (${levelWords(params)})`,
      request: request(other.id, params, other.needsSensitive),
    });
  }
  // A given hierarchy decides apriori-km's cut; the order only shapes a built one.
  const given = typeof record.params.hierarchy === 'string' && record.params.hierarchy !== '';
  for (const param of method.params) {
    if (!param.choices || (param.name === 'order' && given)) continue;
    for (const choice of param.choices) {
      if (choice === record.params[param.name]) continue;
      const params = { ...record.params, [param.name]: choice };
      out.push({
        label: `${method.id}, ${param.name} = ${choice}`,
        request: request(method.id, params, method.needsSensitive),
      });
    }
  }
  return out.slice(0, MAX_ALTERNATIVES);
}

/**
 * A DP release that publishes little (core/run/dpPublishedLittle.ts, issue 45): what the box
 * measures is the same method at 4ε, its taxonomy's fan-out at the other end of its range (DiffPart's
 * `f`, a shape parameter), and the model's other methods at the same ε. Measuring them reads the
 * input, as any run in this tab does: the analyst's own view, not a release.
 */
const SHAPE_PARAMS = ['f'];
const LARGER_EPSILON = 4;

function dpAlternativesOf(
  record: RunRecord,
  method: MethodInfo,
  catalogue: readonly MethodInfo[],
): Alternative[] {
  const epsilon = Number(record.params.epsilon);
  const request = (id: string, params: RunRequest['params']): RunRequest => ({
    method: id,
    params,
    seed: record.seed,
    metrics: CARE_METRICS,
  });
  const out: Alternative[] = [];
  const epsilonParam = method.params.find((p) => p.name === 'epsilon');
  const larger = Math.min(epsilonParam?.max ?? Infinity, epsilon * LARGER_EPSILON);
  if (larger > epsilon)
    out.push({
      label: `${method.id}, ε = ${larger}`,
      request: request(method.id, { ...record.params, epsilon: larger }),
    });
  for (const param of method.params) {
    if (!SHAPE_PARAMS.includes(param.name) || param.min === undefined || param.max === undefined) continue;
    const now = Number(record.params[param.name]);
    const other = now - param.min > param.max - now ? param.min : param.max;
    out.push({
      label: `${method.id}, ${param.name} = ${other}`,
      request: request(method.id, { ...record.params, [param.name]: other }),
    });
  }
  for (const other of catalogue)
    if (other.id !== method.id && other.model === method.model)
      out.push({ label: `${other.id} (ε = ${epsilon})`, request: request(other.id, { epsilon }) });
  return out.slice(0, MAX_ALTERNATIVES);
}

/** A measured run: its share of item occurrences lost and the metrics the box compares. */
export interface Measured {
  label: string;
  lostShare: number;
  /** What a DP release published: rows (synthetic) or itemsets. */
  published?: { count: number; unit: 'rows' | 'itemsets' };
  ncp?: number;
  avgre?: number;
}

export function measuredOf(label: string, record: RunRecord): Measured {
  const occurrences = Math.round(record.summary.avg_items_before * record.summary.rows_before);
  const { publishes, itemsets, rows_after } = record.summary;
  return {
    label,
    lostShare: occurrences > 0 ? (record.occurrences_lost ?? 0) / occurrences : 0,
    ...(publishes && {
      published:
        publishes === 'itemsets'
          ? { count: itemsets ?? 0, unit: 'itemsets' }
          : { count: rows_after, unit: 'rows' },
    }),
    ...(record.metrics.ncp !== undefined && { ncp: record.metrics.ncp }),
    ...(record.metrics.avgre !== undefined && { avgre: record.metrics.avgre }),
  };
}

/**
 * Whether `a` loses less than `b`: by NCP where both have it (the loss the k^m and k-anonymity
 * papers report), else by the share of occurrences generalized or suppressed, then by AvgRE.
 */
export function losesLess(a: Measured, b: Measured): boolean {
  const by = decidedBy(a, b);
  if (by === 'ncp') return a.ncp! < b.ncp!;
  if (by === 'share') return a.lostShare < b.lostShare;
  return a.avgre !== undefined && b.avgre !== undefined && a.avgre < b.avgre;
}

/** Which loss decides between `a` and `b` in `losesLess`. */
function decidedBy(a: Measured, b: Measured): 'ncp' | 'share' | 'avgre' {
  if (a.ncp !== undefined && b.ncp !== undefined && a.ncp !== b.ncp) return 'ncp';
  return a.lostShare !== b.lostShare ? 'share' : 'avgre';
}

/** A share of the occurrences as the box writes it: `62%`, `0.4%`. */
export const percent = (share: number) => `${(100 * share).toFixed(share < 0.01 ? 1 : 0)}%`;

/**
 * Why `better` loses less than `self`, in words: the loss that decided first, then the others, each
 * beside this run's. NCP can decide against the share generalized or suppressed (COAT at 65% of the
 * occurrences with NCP 0.0058 against apriori-km's 62% with 0.0100): the sentence says which won.
 */
export function lessLossWords(better: Measured, self: Measured): { by: string; detail: string } {
  const pair = (name: string, a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined ? `${name} ${formatValue(a)} (this run: ${formatValue(b)})` : null;
  const parts = {
    ncp: pair('NCP', better.ncp, self.ncp),
    share: `${percent(better.lostShare)} of the occurrences generalized or suppressed (this run: ${percent(self.lostShare)})`,
    avgre: pair('AvgRE', better.avgre, self.avgre),
  };
  const by = decidedBy(better, self);
  const order = [by, ...(['ncp', 'share', 'avgre'] as const).filter((name) => name !== by)];
  const words = { ncp: 'NCP', share: 'the share of occurrences generalized or suppressed', avgre: 'AvgRE' };
  return {
    by: words[by],
    detail: order
      .map((name) => parts[name])
      .filter((part) => part !== null)
      .join('; '),
  };
}

/**
 * Alternatives measured without asking while they take about this long together; longer ones (a
 * large file) wait for the user's click, so that a run of minutes does not start five more unasked.
 */
export const AUTO_MEASURE_MS = 15_000;

/** The time the alternatives would take together, each estimated at this run's own time. */
export function measuringTime(
  alternatives: readonly Alternative[],
  record: Pick<RunRecord, 'total_ms'>,
): number {
  return alternatives.length * record.total_ms;
}

export function measuresUnasked(estimateMs: number): boolean {
  return estimateMs <= AUTO_MEASURE_MS;
}
