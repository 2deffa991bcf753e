/**
 * What a recorded LSH run (Ghinita Sec. 4.2, Fig. 5) says at its steps: the B projections of w
 * QID items each (Build_LSH_HashTable), and for each sensitive transaction the rows that share one
 * of its buckets (LSHResult), the walk NonConflictNN made over them, and the exact search over all
 * rows when they held too few partners (line 12).
 */
import type { GroupSteps, QueryAccount } from '../shared/p-degree/groupSteps.ts';
import type { Projections } from './lshTables.ts';
import { GHINITA_FIG_1A } from '../../teach/paperExamples.ts';

/** Projections listed in the step (more are summed up). */
const SHOWN_TABLES = 12;

export function projectionsStep(steps: GroupSteps, projections: Projections, asked: number): void {
  const { rows } = steps;
  const { tables, width, items } = projections;
  const capped =
    asked > width
      ? ` w = ${asked} was asked, but the data have only ${width} QID items: each projection takes all ${width} of them (w is at most |Q|), so every table hashes the whole QID.`
      : '';
  const paper =
    steps.rec.example === GHINITA_FIG_1A
      ? ` The paper's example (Sec. 4.2) takes B = 2 projections of w = 2: P1 on dimensions 1 and 2, P2 on 2 and 4; here the projections are drawn at random from the seed.`
      : '';
  steps.ordered(
    Array.from({ length: rows.dataset.n }, (_, r) => r),
    {
      title: 'LSH hash tables',
      text:
        `${tables} random projections of ${width} QID items each; in each table a row's key is its bit pattern on that projection's items, ` +
        `and rows with the same non-zero key share a bucket. The sensitive transactions are then taken in input order, as NNGroup does.` +
        capped +
        paper,
      cite: 'Ghinita Sec. 4.2, Fig. 5 lines 1-5 (Build_LSH_HashTable)',
      candidates: Array.from({ length: Math.min(tables, SHOWN_TABLES) }, (_, b) => ({
        label: `P${b + 1}`,
        values: {
          items: Array.from(items.subarray(b * width, (b + 1) * width), (i) => steps.token(i)).join(', '),
        },
      })).concat(
        tables > SHOWN_TABLES
          ? [
              {
                label: `P${SHOWN_TABLES + 1}…P${tables}`,
                values: { items: `${tables - SHOWN_TABLES} more tables` },
              },
            ]
          : [],
      ),
    },
  );
}

export function lshAccount(
  steps: GroupSteps,
  t: number,
  partners: readonly number[],
  walk: { size: number; inBuckets: readonly number[]; all: readonly number[]; fallback: boolean },
): QueryAccount {
  // One walk: its rows are partners when its answer counts (the fallback's, when it ran).
  const walked = (visited: readonly number[], from: string, counts: boolean) => {
    const picked: number[] = [];
    return visited.map((r) => {
      const note = steps.conflictNote(t, picked, r);
      if (note === undefined) picked.push(r);
      return steps.candidate(t, r, counts && partners.includes(r), { from }, note);
    });
  };
  const considered = walk.fallback
    ? [...walked(walk.inBuckets, 'bucket', false), ...walked(walk.all, 'all rows', true)]
    : walked(walk.inBuckets, 'bucket', true);
  const seen = walk.fallback ? [...walk.inBuckets, ...walk.all] : walk.inBuckets;
  // The rows the search did not reach, with their numbers: outside its buckets, or past p − 1.
  considered.push(
    ...steps.unvisited(
      t,
      seen,
      walk.fallback ? 'not reached: the walk stops once it has p − 1 partners' : 'shares no bucket with it',
    ),
  );
  return {
    text:
      `${walk.size === 1 ? '1 remaining row shares' : `${walk.size} remaining rows share`} a bucket with it (LSHResult); NonConflictNN walks them nearest first, skipping conflicts` +
      (walk.fallback
        ? `, and finds too few, so the exact search over all rows runs instead (line 12).`
        : '.'),
    cite: `Ghinita Sec. 4.2, Fig. 5 lines 6-${walk.fallback ? 12 : 10}`,
    candidates: considered,
    rule: walk.fallback
      ? 'Its buckets held too few partners, so the exact search takes the nearest rows in QID distance that conflict with nothing.'
      : 'Only rows that share a bucket with it are searched, nearest in QID distance first.',
  };
}
