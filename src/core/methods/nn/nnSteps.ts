/**
 * What a recorded NNGroup run (Ghinita Sec. 4.1, Fig. 3) says at its steps: the sensitive
 * transactions taken in input order, and for each the rows NonConflictNN's walk looked at, nearest
 * first, with those skipped for a conflict named.
 */
import type { GroupSteps, QueryAccount } from '../shared/p-degree/groupSteps.ts';

export function inputOrderStep(steps: GroupSteps): void {
  const { rows } = steps;
  steps.ordered(
    Array.from({ length: rows.dataset.n }, (_, r) => r),
    {
      title: 'The sensitive transactions, in input order',
      text: `NNGroup takes the ${rows.sensitiveRows.length} sensitive transactions one by one as the data lists them, and groups each with its nearest rows by QID Hamming distance.`,
      cite: 'Ghinita Sec. 4.1, Fig. 3 lines 1-4',
    },
  );
}

/** The walk of NonConflictNN for t: `visited`, nearest first (ties by row). */
export function walkAccount(
  steps: GroupSteps,
  t: number,
  partners: readonly number[],
  visited: readonly number[],
): QueryAccount {
  const chosen: number[] = [];
  return {
    text: `NonConflictNN visits the remaining rows by increasing QID distance (number of QID items in one row but not the other), skipping any that shares a sensitive item with it or with a row already chosen.`,
    cite: 'Ghinita Sec. 4.1, Fig. 3 lines 5, 13-22',
    candidates: [
      ...visited.map((r) => {
        const note = steps.conflictNote(t, chosen, r);
        if (note === undefined) chosen.push(r);
        return steps.candidate(t, r, partners.includes(r), {}, note);
      }),
      ...steps.unvisited(t, visited, 'not reached: the walk stops once it has p − 1 partners'),
    ],
    rule: 'NonConflictNN takes the remaining rows nearest in QID distance that share no sensitive item with it or each other.',
  };
}
