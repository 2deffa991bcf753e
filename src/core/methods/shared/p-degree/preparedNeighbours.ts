/**
 * What a worker keeps between the neighbour queries it answers for one run on the pool
 * (speculativeGroups.ts): the sensitive rows and the exact-neighbour index (Ghinita Sec. 4.1) built
 * once, and the rows not yet grouped, brought up to date from each task's bitset (the rows grouped
 * since leave the index's lists as in the sequential run). Taken only for the same dataset and
 * sensitive items, and only while the task's state follows the kept one (rows only ever leave the
 * pool): a task of another run, or of a run that started again, gets a fresh index. Answers do not
 * depend on what the index has dropped (only grouped rows), so any worker answers any task alike.
 * One per dataset, held weakly: a dataset that is let go takes its index with it.
 */
import type { Dataset } from '../../../data/dataset.ts';
import { bitsetOfFlags, combineWords, popcount, setBits } from '../../../data/bitset.ts';
import { ExactNeighbours } from './exactNeighbours.ts';
import { SensitiveRows } from './sensitiveRows.ts';

/** A neighbour query as a task: the run's sensitive items, the rows not yet grouped, the query. */
export interface NeighbourTask {
  sensitive: readonly number[];
  /** Bitset of the rows not yet grouped when the task's round was planned. */
  remaining: Uint32Array;
  query: number;
}

export interface PreparedNeighbours {
  rows: SensitiveRows;
  exact: ExactNeighbours;
  /** isRemaining[r] = 1 while row r is not grouped, as of the last task. */
  isRemaining: Uint8Array;
}

interface Kept extends PreparedNeighbours {
  /** The task bitset `isRemaining` was last brought to. */
  bits: Uint32Array;
}

const kept = new WeakMap<Dataset, Kept>();

export function preparedNeighbours(
  dataset: Dataset,
  { sensitive, remaining }: NeighbourTask,
): PreparedNeighbours {
  const last = kept.get(dataset);
  if (last && sameItems(last.rows.sensitive, sensitive) && followed(last, remaining)) return last;
  const rows = new SensitiveRows(dataset, sensitive);
  const isRemaining = new Uint8Array(dataset.n).fill(1);
  const fresh: Kept = {
    rows,
    exact: new ExactNeighbours(rows),
    isRemaining,
    bits: bitsetOfFlags(isRemaining),
  };
  followed(fresh, remaining);
  kept.set(dataset, fresh);
  return fresh;
}

/**
 * Brings `state` to the task's state when it only lacks rows that left since; false (nothing
 * changed) when a row the task has is gone from the kept state.
 */
function followed(state: Kept, remaining: Uint32Array): boolean {
  const { bits } = state;
  if (bits.length !== remaining.length) return false;
  const differ = new Uint32Array(bits.length);
  combineWords('andNot', remaining, 0, bits, 0, differ, 0, bits.length);
  if (popcount(differ) > 0) return false;
  combineWords('andNot', bits, 0, remaining, 0, differ, 0, bits.length);
  const left = setBits(differ);
  for (const r of left) state.isRemaining[r] = 0;
  bits.set(remaining);
  if (left.length > 0) state.exact.forget(left);
  return true;
}

function sameItems(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
