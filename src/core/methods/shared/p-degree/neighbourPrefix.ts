/**
 * A neighbour query answered ahead of its turn (speculativeGroups.ts) for NNGroup's
 * NonConflictNN (Ghinita Fig. 3 lines 13-22): the head of t's rows by increasing QID distance
 * (ties by index) among the rows not yet grouped, long enough to pick twice the p-1 partners.
 * Distances do not depend on which rows are grouped, so at t's turn, with fewer rows left, the
 * rows by distance are this head with the rows grouped since left out, followed by rows beyond it.
 * Picking the p-1 non-conflicting partners from the head thus gives the sequential answer as long
 * as they are all found in it, or the head is the whole list; otherwise the answer cannot tell.
 */
import { nonConflicting } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

/** Rows by increasing distance to a query, and whether they are all the rows it could take. */
export interface NeighbourPrefix {
  rows: Int32Array;
  complete: boolean;
}

/** Non-conflicting picks a head holds when it is computed: the p-1 partners and as many more. */
export function picksAhead(p: number): number {
  return 2 * (p - 1);
}

/** The head of `byDistance` up to (and one past) the `picksAhead(p)`-th non-conflicting pick. */
export function neighbourPrefix(
  rows: SensitiveRows,
  t: number,
  byDistance: Iterable<number>,
  p: number,
): NeighbourPrefix {
  const met: number[] = [];
  const wanted = picksAhead(p);
  const picked = nonConflicting(rows, t, recorded(byDistance, met), wanted);
  return { rows: Int32Array.from(met), complete: picked.length < wanted };
}

/** t's p-1 partners among the rows still remaining, or undefined when the head cannot tell. */
export function partnersFromPrefix(
  rows: SensitiveRows,
  t: number,
  prefix: NeighbourPrefix,
  isRemaining: Uint8Array,
  p: number,
): number[] | undefined {
  const partners = nonConflicting(rows, t, stillRemaining(prefix.rows, isRemaining), p - 1);
  return partners.length === p - 1 || prefix.complete ? partners : undefined;
}

function* recorded(rows: Iterable<number>, met: number[]): Generator<number> {
  for (const r of rows) {
    met.push(r);
    yield r;
  }
}

function* stillRemaining(rows: Int32Array, isRemaining: Uint8Array): Generator<number> {
  for (let i = 0; i < rows.length; i++) if (isRemaining[rows[i]] === 1) yield rows[i];
}
