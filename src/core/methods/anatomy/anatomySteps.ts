/**
 * What a recorded Anatomy-baseline run says at its steps (Xiao and Tao, as Ghinita Sec. 6 uses it):
 * the sensitive transactions in a random order, and for each the rows drawn at random, QID
 * distances shown only to compare with the other methods (Anatomy never reads them).
 */
import type { GroupSteps, QueryAccount } from '../shared/p-degree/groupSteps.ts';
import { rowName } from '../../teach/trace.ts';

export function randomOrderStep(steps: GroupSteps, order: readonly number[]): void {
  const { rows } = steps;
  const others = Array.from({ length: rows.dataset.n }, (_, r) => r).filter((r) => !order.includes(r));
  steps.ordered([...order, ...others], {
    title: 'The sensitive transactions, in random order',
    text: `Anatomy ignores the QID items: it takes the ${order.length} sensitive transactions in a random order (drawn from the seed), listed first here, the other rows after them.`,
    cite: 'Ghinita Sec. 1.1 and 6 (the Anatomy baseline)',
  });
}

export function drawsAccount(
  steps: GroupSteps,
  t: number,
  partners: readonly number[],
  drew: { visited: readonly number[]; scanned: boolean },
): QueryAccount {
  const picked: number[] = [];
  return {
    text: drew.scanned
      ? `Random draws found too few rows that conflict with nothing, so every remaining row is scanned in a random order.`
      : `Rows are drawn at random among the remaining ones, skipping any that shares a sensitive item with it or with a row already taken; the QID distance plays no part.`,
    cite: 'Xiao and Tao (Anatomy), as Ghinita Sec. 6 runs it; Fig. 3 lines 6-11 for the histogram',
    candidates: [
      ...drew.visited.map((r) => {
        const note = steps.conflictNote(t, picked, r);
        if (note === undefined) picked.push(r);
        return steps.candidate(t, r, partners.includes(r), {}, note);
      }),
      ...steps.unvisited(t, drew.visited, 'not drawn'),
    ],
    prompt: `Anatomy draws ${steps.p === 2 ? 'a partner' : 'partners'} for ${rowName(t)} at random: which of these rows did this run's seed draw?`,
    rule: 'The draw is random (the seed decides) among the rows that share no sensitive item with it: any of them could have been drawn.',
  };
}
