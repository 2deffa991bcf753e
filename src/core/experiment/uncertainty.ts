/**
 * How sure a comparison of runs is (DESIGN.md sec. 5: "a standard error beside every estimated
 * metric"; issue 17): the standard error of a mean over seeds that also knows each run's error over
 * its queries, and the paired difference of two series at one parameter value.
 *
 * - A point's standard error: with S seeds of values v_s (each with its query standard error se_s),
 *   the mean's variance is Var(v)/S. The sample variance of the v_s estimates it (it holds the query
 *   noise as well as the method's own randomness), but from 2 or 3 seeds it is itself noisy, so it is
 *   never taken below the query part, mean(se_s^2)/S. One seed: its query standard error alone;
 *   one seed of an exact metric (no queries): unknown.
 * - Two series at one value are compared seed by seed (same seed: same sensitive items, same
 *   queries): per seed the difference of the means over the same queries, d_s = mean_q(a_q - b_q),
 *   with the standard error of the paired differences over the queries; then the same rule over
 *   seeds. The difference is told apart when |mean d| > 2 standard errors, else the two are
 *   indistinguishable; unknown when there is nothing to estimate the error from.
 */
import type { RunRecord } from '../run/runRecord.ts';
import { estimateOf } from '../metrics/sampling.ts';

/**
 * The standard error of the mean of `values` (one per seed) given each one's standard error over
 * its queries (undefined for an exact value); undefined when it cannot be estimated.
 */
export function combinedSe(
  values: readonly number[],
  ses: readonly (number | undefined)[],
): number | undefined {
  const count = values.length;
  if (count === 0) return undefined;
  const known = ses.filter((se): se is number => se !== undefined);
  const queryPart = known.length > 0 ? known.reduce((sum, se) => sum + se * se, 0) / known.length / count : 0;
  if (count === 1) return known.length > 0 ? Math.sqrt(queryPart) : undefined;
  const seedPart = estimateOf(values).se ** 2;
  return Math.sqrt(Math.max(seedPart, queryPart));
}

/** A run's standard error of a value over its queries (`<name>_se`), when it has one. */
export function runSe(run: RunRecord, name: string): number | undefined {
  return run.metrics[`${name}_se`];
}

export type Verdict = 'different' | 'indistinguishable' | 'unknown';

export interface PairedDifference {
  /** Mean over the shared seeds of (a - b). */
  difference: number;
  /** Its standard error (undefined when unknown). */
  se: number | undefined;
  /** Seeds both series ran. */
  seeds: number;
  /** Whether the runs of each seed were compared query by query. */
  paired: boolean;
  verdict: Verdict;
}

/** The difference of one seed's runs: by query when both kept per-query values of the same queries. */
function seedDifference(
  a: RunRecord,
  b: RunRecord,
  name: string,
): { d: number; se?: number; paired: boolean } {
  const qa = a.perQuery?.[name];
  const qb = b.perQuery?.[name];
  if (qa && qb && qa.length === qb.length && qa.length > 0) {
    const { mean, se } = estimateOf(qa.map((x, i) => x - qb[i]));
    return { d: mean, se, paired: true };
  }
  return { d: a.metrics[name] - b.metrics[name], paired: false };
}

/** Series a against series b at one value: their runs (one per seed), matched by seed. */
export function pairedDifference(
  a: readonly RunRecord[],
  b: readonly RunRecord[],
  name: string,
): PairedDifference | undefined {
  const bySeed = new Map(b.map((run) => [run.seed, run]));
  const diffs = a.flatMap((run) => {
    const other = bySeed.get(run.seed);
    if (!other || run.metrics[name] === undefined || other.metrics[name] === undefined) return [];
    return [seedDifference(run, other, name)];
  });
  if (diffs.length === 0) return undefined;
  const values = diffs.map((x) => x.d);
  const difference = values.reduce((sum, x) => sum + x, 0) / values.length;
  const se = combinedSe(
    values,
    diffs.map((x) => x.se),
  );
  const verdict: Verdict =
    se === undefined ? 'unknown' : Math.abs(difference) > 2 * se ? 'different' : 'indistinguishable';
  return { difference, se, seeds: diffs.length, paired: diffs.every((x) => x.paired), verdict };
}

/**
 * Letters for a ranking (a compact letter display): series in order of their means, best first; a
 * letter covers each longest run of consecutive series that are pairwise not told apart. Two series
 * that share a letter cannot be told apart; series with no letter in common differ. `apart(i, j)`
 * says whether series i and j (indices into `order`) are told apart.
 */
export function rankLetters(count: number, apart: (i: number, j: number) => boolean): string[] {
  const groups: [number, number][] = [];
  for (let start = 0; start < count; start++) {
    let end = start;
    while (end + 1 < count && allTogether(start, end + 1, apart)) end++;
    const last = groups[groups.length - 1];
    if (!last || end > last[1]) groups.push([start, end]);
  }
  const letters = Array.from({ length: count }, () => '');
  groups.forEach(([start, end], g) => {
    for (let i = start; i <= end; i++) letters[i] += letterOf(g);
  });
  return letters;
}

function allTogether(start: number, next: number, apart: (i: number, j: number) => boolean): boolean {
  for (let i = start; i < next; i++) if (apart(i, next)) return false;
  return true;
}

function letterOf(index: number): string {
  return index < 26
    ? String.fromCharCode(97 + index)
    : `${letterOf(Math.floor(index / 26) - 1)}${letterOf(index % 26)}`;
}
