/**
 * LSH's neighbour queries (Ghinita Sec. 4.2, Fig. 5, ApproxNonConflictNN) answered ahead of their
 * turn on the worker pool (shared/speculativeGroups.ts). A worker answers t against the rows not
 * yet grouped when the round was planned: the head of t's candidates (LSHResult) by distance,
 * how many candidates remained, and, when they give fewer than p-1 picks (line 12's fallback),
 * the head of all rows by distance too. At t's turn the coordinator
 * takes the partners from the candidates' head (shared/neighbourPrefix.ts), or from the whole
 * head when the candidates give fewer than p-1, and counts the candidates as the sequential run
 * does: those of the answer's state less the rows grouped since that share a bucket with t (the
 * keys tell, without the buckets).
 */
import type { Dataset } from '../../data/dataset.ts';
import {
  neighbourPrefix,
  partnersFromPrefix,
  type NeighbourPrefix,
} from '../shared/p-degree/neighbourPrefix.ts';
import { preparedNeighbours, type NeighbourTask } from '../shared/p-degree/preparedNeighbours.ts';
import type { SensitiveRows } from '../shared/p-degree/sensitiveRows.ts';
import { LshKeys, LshTables, RowKeys, type Projections } from './lshTables.ts';

export interface LshTask extends NeighbourTask {
  projections: Projections;
}

export interface LshAnswer {
  /** t's candidates by distance. */
  near: NeighbourPrefix;
  /** Candidates among the rows not yet grouped, t left out (|LSHResult|). */
  candidates: number;
  /** All rows by distance, when the candidates ran out. */
  all?: NeighbourPrefix;
}

/** A worker's tables, per prepared index (and so per dataset and sensitive items). */
const tablesOf = new WeakMap<SensitiveRows, LshTables>();

/** The worker's side: t's answer against the task's state. */
export function answerLshTask(dataset: Dataset, task: LshTask, p: number): LshAnswer {
  const { rows, exact, isRemaining } = preparedNeighbours(dataset, task);
  let tables = tablesOf.get(rows);
  if (!tables || !sameProjections(tables.keys.projected, task.projections)) {
    tables = new LshTables(new LshKeys(rows, task.projections));
    tablesOf.set(rows, tables);
  }
  const t = task.query;
  const candidates = tables.candidates(t, isRemaining);
  const near = neighbourPrefix(rows, t, exact.byDistance(t, isRemaining, candidates), p);
  // The whole walk only when the fallback comes on this state (with fewer rows left at t's turn
  // it may come anyway: then t is asked again).
  const fallback = partnersFromPrefix(rows, t, near, isRemaining, p)!.length < p - 1;
  return {
    near,
    candidates: candidates.size,
    ...(fallback && { all: neighbourPrefix(rows, t, exact.byDistance(t, isRemaining), p) }),
  };
}

/** What a run's notes say of its queries: fallbacks to the exact search, candidates per query. */
export class LshCounts {
  private queries = 0;
  private fallbacks = 0;
  private measured = 0;

  query(candidates: number, fallback: boolean): void {
    this.queries++;
    this.measured += candidates;
    if (fallback) this.fallbacks++;
  }

  /**
   * |LSHResult| per query (the rows still ungrouped among them): what LSH saves against a linear
   * scan of all n rows (Sec. 4.2).
   */
  notes(): Record<string, number> {
    const perQuery = this.queries > 0 ? Math.round(this.measured / this.queries) : 0;
    return { 'exact-search fallbacks': this.fallbacks, 'candidates per query (mean)': perQuery };
  }
}

/** The coordinator's side: t's partners at its turn from an answer, counted as the run counts. */
export class LshDecisions {
  private readonly queryKeys: RowKeys;
  private readonly takenKeys: RowKeys;

  constructor(
    private readonly rows: SensitiveRows,
    private readonly keys: LshKeys,
    private readonly p: number,
    private readonly counts: LshCounts,
  ) {
    this.queryKeys = new RowKeys(keys.projected.tables);
    this.takenKeys = new RowKeys(keys.projected.tables);
  }

  decide(
    t: number,
    answer: LshAnswer,
    isRemaining: Uint8Array,
    takenSince: Int32Array,
  ): number[] | undefined {
    const { rows, p } = this;
    const near = partnersFromPrefix(rows, t, answer.near, isRemaining, p);
    if (!near) return undefined;
    const fallback = near.length < p - 1;
    // Without all rows' head (the fallback did not come on the answer's state), t is asked again.
    const partners = !fallback ? near : answer.all && partnersFromPrefix(rows, t, answer.all, isRemaining, p);
    if (!partners) return undefined;
    this.counts.query(answer.candidates - this.candidatesAmong(t, takenSince), fallback);
    return partners;
  }

  /** How many of `taken` (rows other than t) share a bucket with t. */
  private candidatesAmong(t: number, taken: Int32Array): number {
    if (taken.length === 0) return 0;
    this.keys.fill(t, this.queryKeys);
    let count = 0;
    for (let i = 0; i < taken.length; i++) {
      this.keys.fill(taken[i], this.takenKeys);
      if (this.queryKeys.sharesBucket(this.takenKeys)) count++;
    }
    return count;
  }
}

function sameProjections(a: Projections, b: Projections): boolean {
  return (
    a.tables === b.tables &&
    a.width === b.width &&
    a.items.length === b.items.length &&
    a.items.every((item, i) => item === b.items[i])
  );
}
