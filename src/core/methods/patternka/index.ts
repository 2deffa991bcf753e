/**
 * `patternka`: PatternKa, k-anonymity by longest closed frequent patterns (Alg. 1, Sec. 3;
 * speed-ups of Sec. 3.3). While at least k rows remain: take the longest frequent patterns of the
 * remaining rows (from the cache, else mined), pick one at random (set-valued PatternSelection),
 * make all remaining rows that hold it a group (eq. 18), and remove them. The group's centre is the
 * intersection of its rows (eq. 12), so PatternKa only removes items. End cases written down:
 * when no non-empty pattern is frequent, the longest pattern is the empty one and the remaining
 * rows form one group; the final fewer-than-k rows join the group of least NCP (eq. 8, ties to the
 * first group), whose centre is then the intersection with them too. Fewer than k rows in all is an
 * error. For relational input (or `selection=relational`) PatternSelection and SampleSelection are
 * those of Alg. 2 (relationalSelection.ts): about k diverse rows per group instead of all holders.
 * Publishes a `transactions` release, rows shuffled within each group.
 */
import type { Dataset } from '../../data/dataset.ts';
import { groupNcp } from '../../data/groupNcp.ts';
import { classesRelease } from '../shared/classesRelease.ts';
import { K_ANONYMITY_PARAM } from '../shared/kParam.ts';
import { defineMethod, type RunContext } from '../types.ts';
import { InputError } from '../../base/errors.ts';
import { mineLongest } from './longestClosedPatterns.ts';
import { heldRows, PatternCache } from './patternCache.ts';
import { RemainingRows } from './searchedRows.ts';
import { SearchBackoff } from './searchBackoff.ts';
import { selectRelational } from './relationalSelection.ts';

export interface PatternKaGroup {
  /** Input rows, ascending. */
  rows: number[];
  /** The pattern the group was formed by. */
  pattern: number[];
}

/** Lengths below the longest that a mining also caches. Measured on BMS1 at k = 5: slack 2 halves the minings (25 to 14) but each costs more, 1.4x slower in all; so 0. */
export const LENGTH_SLACK = 0;

/**
 * Conditional-row entries one mining may read (longestClosedPatterns.ts; about 5 s of search on
 * this machine). Below it a mining is exact; past it the search stops and the longest closed
 * patterns it found (the greedy dive's among them) are used, and the run's notes count the mining
 * as cut short. The largest minings of ../shared/data read 2.2e8 (chess, k = 100), 1.3e8 (chess,
 * k = 50), 2.4e7 (T10I4D100K, k = 5), 4e6 (BMS2, k = 5): exact, as before. The first minings of a
 * Netflix-shaped file (410,201 rows, k = 100; its longest pattern 68 items, held by the longest
 * rows) would read for hours: after the dive found the longest length, the search must still show
 * that no longer pattern exists among the near-ties of a few thousand dense long rows, and gather
 * every pattern of that length. There the groups come from dives until the patterns are short
 * enough to search (SearchBackoff; on that file, 263 of 273 minings, the first 1,450 groups).
 */
export const MINING_WORK_BUDGET = 3e8;

export type SelectionMode = 'set-valued' | 'relational';

/** Alg. 1: the groups (before the centres are taken). */
export function patternKaGroups(
  dataset: Dataset,
  k: number,
  ctx: Pick<RunContext, 'rng' | 'progress'>,
  selection: SelectionMode = 'set-valued',
  workBudget = MINING_WORK_BUDGET,
): { groups: PatternKaGroup[]; minings: number; cutShort: number } {
  if (dataset.n < k)
    throw new InputError(
      `k-anonymity needs at least k = ${k} transactions; ${dataset.name} has ${dataset.n}`,
    );
  const remaining = new RemainingRows(dataset);
  const cache = new PatternCache(dataset.n, k);
  const groups: PatternKaGroup[] = [];
  let cutShort = 0;
  const backoff = new SearchBackoff();
  while (remaining.count >= k) {
    let candidates = cache.longestFrequent();
    if (candidates.count === 0) {
      const searching = backoff.searching();
      const mining = mineLongest(dataset, remaining.current(), k, {
        slack: LENGTH_SLACK,
        workBudget: searching ? workBudget : 0,
      });
      if (searching) backoff.record(mining.complete);
      if (!mining.complete) cutShort++;
      cache.fill(mining.patterns);
      candidates = cache.longestFrequent();
    }
    let chosen = candidates.at(ctx.rng.int(candidates.count));
    let rows = heldRows(chosen);
    if (selection === 'relational')
      ({ pattern: chosen, rows } = selectRelational(
        dataset,
        Array.from({ length: candidates.count }, (_, n) => candidates.at(n)),
        k,
        ctx.rng,
      ));
    remaining.remove(rows);
    cache.removeRows(rows);
    groups.push({ rows, pattern: chosen.items });
    ctx.progress(1 - remaining.count / dataset.n, 'groups');
  }
  if (remaining.count > 0) {
    let best = 0;
    let bestNcp = Infinity;
    groups.forEach((g, index) => {
      const ncp = groupNcp(dataset, g.rows);
      if (ncp < bestNcp) {
        bestNcp = ncp;
        best = index;
      }
    });
    for (const r of remaining.ascending()) groups[best].rows.push(r);
    groups[best].rows.sort((a, b) => a - b);
  }
  return { groups, minings: cache.minings, cutShort };
}

/** Eq. 12: the items every row of the group holds, ascending (rows intersected in turn). */
export function groupCenter(dataset: Dataset, rows: readonly number[]): number[] {
  if (rows.length === 0) return [];
  const center = Array.from(dataset.row(rows[0]));
  for (let i = 1; i < rows.length && center.length > 0; i++) {
    const row = dataset.row(rows[i]);
    let kept = 0;
    let t = 0;
    for (const item of center) {
      while (t < row.length && row[t] < item) t++;
      if (t < row.length && row[t] === item) center[kept++] = item;
    }
    center.length = kept;
  }
  return center;
}

export const patternKaSpec = defineMethod({
  id: 'patternka',
  label: 'PatternKa (longest closed frequent patterns)',
  paper: '003_aa8a8f08b56f3f6d.txt',
  model: 'k-anonymity',
  releaseKind: 'transactions',
  needsSensitive: false,
  params: [
    K_ANONYMITY_PARAM,
    {
      name: 'selection',
      type: 'string',
      default: 'auto',
      choices: ['auto', 'set-valued', 'relational'],
      help: 'pattern and sample selection: set-valued (all holders of a random longest pattern) or relational (Alg. 2); auto follows the input format',
    },
  ],
  run(dataset, params, ctx) {
    const selection: SelectionMode =
      params.selection === 'auto'
        ? dataset.format === 'relational'
          ? 'relational'
          : 'set-valued'
        : params.selection;
    const { groups, minings, cutShort } = patternKaGroups(dataset, params.k, ctx, selection);
    const classes = groups.map((group) => ({
      center: groupCenter(dataset, group.rows),
      members: group.rows,
    }));
    const { release, audit } = classesRelease(ctx.header, dataset, classes, ctx.rng);
    return {
      release,
      audit,
      notes: {
        'classes formed (equal ones merge when published)': groups.length,
        'pattern minings': minings,
        ...(cutShort > 0 && { 'minings cut short (longest not proven)': cutShort }),
        selection,
      },
    };
  },
});
