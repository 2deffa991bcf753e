/**
 * Every series at one value of the swept parameter, ranked, with which of them can be told apart
 * (uncertainty.ts): the mean and its standard error per series, the paired difference of every two
 * series (matched by seed, query by query where the runs kept their per-query values), and letters
 * so that two series sharing a letter are indistinguishable (their difference is within two
 * standard errors of the paired difference) rather than one being drawn as better. With `within`
 * (the Results page passes each method's privacy model when runs mix models, issue 32), series are
 * compared and lettered only within their group: a k^m run is never paired with, or given one
 * letter with, a k-anonymity run, since the same k is not the same privacy. The Results
 * page's bar chart and comparison table and the reproduction report read the same comparison.
 */
import type { ParamValue } from '../methods/types.ts';
import type { SweepRun } from './results.ts';
import { compareAxisValues, metricSeries, sweptAxes } from './series.ts';
import { pairedDifference, rankLetters, type PairedDifference } from './uncertainty.ts';
import type { RunRecord } from '../run/runRecord.ts';

export interface ComparedSeries {
  name: string;
  method: string;
  mean: number;
  min: number;
  max: number;
  se?: number;
  seeds: number;
  /** Seeds of this series at this value that failed (the mean is over the others). */
  failed: number;
  /** Letters of the ranking: series sharing one cannot be told apart; '' when nothing is known. */
  letters: string;
  /** The group it is ranked in (`within`: its privacy model); '' when all are ranked together. */
  group: string;
  runs: RunRecord[];
}

export interface Comparison {
  /** Best first. */
  series: ComparedSeries[];
  /**
   * pairs[i][j]: series i minus series j (undefined on the diagonal, without shared seeds, or
   * across groups).
   */
  pairs: (PairedDifference | undefined)[][];
  /** Whether any pair's uncertainty could be estimated (else no letters are given). */
  known: boolean;
}

export function compareAt(
  runs: readonly SweepRun[],
  axis: string,
  at: ParamValue,
  name: string,
  better: 'lower' | 'higher',
  axes: readonly string[] = sweptAxes(runs),
  within: (method: string) => string = () => '',
): Comparison {
  const sign = better === 'lower' ? 1 : -1;
  const points = metricSeries(runs, axis, name, axes)
    .flatMap((s) => {
      const point = s.points.find((p) => compareAxisValues(p.x, at) === 0);
      return point ? [{ name: s.name, method: s.method, point }] : [];
    })
    .sort((a, b) => sign * (a.point.mean - b.point.mean) || a.name.localeCompare(b.name));
  const groups = points.map((p) => within(p.method));
  const pairs = points.map((a, i) =>
    points.map((b, j) =>
      i === j || groups[i] !== groups[j] ? undefined : pairedDifference(a.point.runs, b.point.runs, name),
    ),
  );
  const known = pairs.some((row) => row.some((pair) => pair !== undefined && pair.verdict !== 'unknown'));
  const letters = points.map(() => '');
  if (known)
    for (const group of new Set(groups)) {
      const members = groups.flatMap((g, i) => (g === group ? [i] : []));
      const ranked = rankLetters(
        members.length,
        (a, b) => pairs[members[a]][members[b]]?.verdict === 'different',
      );
      members.forEach((i, a) => (letters[i] = ranked[a]));
    }
  return {
    series: points.map(({ name: seriesName, method, point }, i) => ({
      name: seriesName,
      method,
      mean: point.mean,
      min: point.min,
      max: point.max,
      se: point.se,
      seeds: point.n,
      failed: point.failed,
      letters: letters[i],
      group: groups[i],
      runs: point.runs,
    })),
    pairs,
    known,
  };
}
