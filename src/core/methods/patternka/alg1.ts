/**
 * PatternKa's Alg. 1 (Sec. 3) with the pattern cache of Alg. 4: while at least k rows remain,
 * take the longest frequent patterns of the remaining rows (from the cache, else mined), pick one
 * at random (set-valued PatternSelection; relational: Alg. 2), make all remaining rows that hold it
 * a group (eq. 18), remove them. The final fewer-than-k rows join the group of least NCP (eq. 8,
 * ties to the first group). The loop is a generator that yields each mining it needs and takes the
 * mining back: `patternKaGroups` mines in this thread, rounds.ts splits each mining into tasks for
 * the worker pool (Alg. 5); the groups are the same.
 */
import type { Dataset } from '../../data/dataset.ts';
import { groupNcp } from '../../data/groupNcp.ts';
import type { RunContext } from '../types.ts';
import { InputError } from '../../base/errors.ts';
import { MINING_GROUPS, mineLongest, type Mining } from './longestClosedPatterns.ts';
import { heldRows, PatternCache } from './patternCache.ts';
import { RemainingRows, type SearchedRows } from './searchedRows.ts';
import { SearchBackoff } from './searchBackoff.ts';
import { selectRelational } from './relationalSelection.ts';
import { PatternKaTeach } from './patternKaTeach.ts';

export interface PatternKaGroup {
  /** Input rows, ascending. */
  rows: number[];
  /** The pattern the group was formed by. */
  pattern: number[];
}

/** Lengths below the longest that a mining also caches. Measured on BMS1 at k = 5: slack 2 halves the minings (25 to 14) but each costs more, 1.4x slower in all; so 0. */
export const LENGTH_SLACK = 0;

/**
 * Conditional-row entries the search of one group of a mining's root branches may read
 * (longestClosedPatterns.ts; about 2.5 s of search on this machine; a mining has MINING_GROUPS
 * groups, searched in parallel where the pool has workers). Below it a mining is exact; past it the
 * group's search stops, the longest closed patterns found (the greedy dive's among them) are used,
 * and the run's notes count the mining as cut short. The largest minings of ../shared/data: chess
 * at k = 100, 3.1e8 entries in all, 6.2e7 in its largest group; T10I4D100K at k = 5 2.4e7 and
 * BMS2 4e6 in all: exact. The first minings of a Netflix-shaped file (410,201 rows, k = 100; its
 * longest pattern 68 items, held by the longest rows) would read for hours: after the dive found the
 * longest length, the search must still show that no longer pattern exists among the near-ties of a
 * few thousand dense long rows, and gather every pattern of that length. There the groups come from
 * dives until the patterns are short enough to search (SearchBackoff).
 */
export const MINING_WORK_BUDGET = 1.5e8;

/**
 * What a run's searches may read together, in conditional-row entries per item occurrence of the
 * data (issue 31: a budget that scales with the data), and at least one full search's
 * (RUN_SEARCH_FLOOR, beyond every whole run of ../shared/data: chess at k = 100 reads 3.1e8 in
 * all). Once spent, minings take the greedy dive alone. On the full Netflix shape every search is
 * cut (its longest patterns lie among near-ties of thousands of long rows) and buys little: at
 * 50,000 rows and k = 100, GCP 0.9114 with nine searches of 1.2e9 entries, 0.9116 with dives alone,
 * which cost a tenth of the time. So a run there searches about once per 6e7 occurrences.
 */
export const SEARCH_WORK_PER_OCCURRENCE = 20;
export const RUN_SEARCH_FLOOR = MINING_GROUPS * MINING_WORK_BUDGET;

export type SelectionMode = 'set-valued' | 'relational';

/** A mining Alg. 1 needs: the remaining rows (valid until the generator resumes) and its budget. */
export interface MiningRequest {
  searched: SearchedRows;
  workBudget: number;
}

export interface PatternKaOutcome {
  groups: PatternKaGroup[];
  minings: number;
  cutShort: number;
  /** Minings that searched (the others took the greedy dive alone or came from the cache). */
  searches: number;
}

/** Alg. 1: the groups (before the centres are taken), a mining at a time. */
export function* patternKaSteps(
  dataset: Dataset,
  k: number,
  ctx: Pick<RunContext, 'rng' | 'progress'> & Partial<Pick<RunContext, 'recorder'>>,
  selection: SelectionMode = 'set-valued',
  workBudget = MINING_WORK_BUDGET,
  /** What the run's searches may read together (default: the data's share, see above). */
  searchWork = Math.max(RUN_SEARCH_FLOOR, SEARCH_WORK_PER_OCCURRENCE * dataset.offsets[dataset.n]),
): Generator<MiningRequest, PatternKaOutcome, Mining> {
  if (dataset.n < k)
    throw new InputError(
      `k-anonymity needs at least k = ${k} transactions; ${dataset.name} has ${dataset.n}`,
    );
  const remaining = new RemainingRows(dataset, undefined, k);
  const cache = new PatternCache(dataset.n, k);
  const groups: PatternKaGroup[] = [];
  let cutShort = 0;
  let searches = 0;
  let searchLeft = searchWork;
  const backoff = new SearchBackoff();
  const teach = ctx.recorder?.on ? new PatternKaTeach(ctx.recorder, dataset, k) : undefined;
  teach?.start();
  ctx.progress(0, 'groups'); // before the first mining: the run's progress is the groups formed
  while (remaining.count >= k) {
    let candidates = cache.longestFrequent();
    const mined = candidates.count === 0;
    if (candidates.count === 0) {
      const searching = workBudget > 0 && searchLeft > 0 && backoff.searching();
      const budget = searching ? Math.min(workBudget, searchLeft / MINING_GROUPS) : 0;
      const mining = yield { searched: remaining.current(), workBudget: budget };
      if (searching) {
        backoff.record(mining.complete);
        searchLeft -= mining.work;
        searches++;
      }
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
    // Recorded runs: the patterns chosen from, with their supports before the group leaves.
    const weighed = teach && Array.from({ length: candidates.count }, (_, n) => candidates.at(n));
    const supports = weighed?.map((p) => ({ items: p.items, support: p.support }));
    remaining.remove(rows);
    cache.removeRows(rows);
    groups.push({ rows, pattern: chosen.items });
    teach?.grouped(
      supports!,
      candidates.count,
      chosen.items,
      rows,
      remaining.ascending(),
      mined,
      selection === 'relational',
    );
    ctx.progress(1 - remaining.count / dataset.n, 'groups');
  }
  if (remaining.count > 0) {
    let best = 0;
    let bestNcp = Infinity;
    const ncps: number[] | undefined = teach && [];
    groups.forEach((g, index) => {
      const ncp = groupNcp(dataset, g.rows);
      ncps?.push(ncp);
      if (ncp < bestNcp) {
        bestNcp = ncp;
        best = index;
      }
    });
    teach?.leftovers(remaining.ascending(), ncps!, best);
    for (const r of remaining.ascending()) groups[best].rows.push(r);
    groups[best].rows.sort((a, b) => a - b);
  }
  return { groups, minings: cache.minings, cutShort, searches };
}

/** Alg. 1 with every mining done in this thread. */
export function patternKaGroups(
  dataset: Dataset,
  k: number,
  ctx: Pick<RunContext, 'rng' | 'progress'>,
  selection: SelectionMode = 'set-valued',
  workBudget = MINING_WORK_BUDGET,
  searchWork?: number,
): PatternKaOutcome {
  const steps = patternKaSteps(dataset, k, ctx, selection, workBudget, searchWork);
  let step = steps.next();
  while (!step.done) {
    const { searched, workBudget: budget } = step.value;
    step = steps.next(mineLongest(dataset, searched, k, { slack: LENGTH_SLACK, workBudget: budget }));
  }
  return step.value;
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
