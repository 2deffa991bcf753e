/**
 * NNGroup's loop (Ghinita Sec. 4.1, Fig. 3; and Fig. 5 for LSH) with the neighbour queries answered
 * ahead of their turn, in rounds, by the worker pool. Each query takes at most p rows out of the
 * pool, so an answer computed against an earlier state of the pool (the rows not yet grouped when
 * its round was planned) still tells the query's partners at its turn when what was taken since
 * did not reach into it: `decide` checks that, from the answer and the rows taken since, and says
 * undefined when it cannot tell. The groups are then committed here in the sequential order, by
 * the same GroupsInProgress as greedyGroups, so they are exactly the sequential loop's. A query
 * that cannot be decided is asked again, first in the next round, against the state at its turn
 * (where its answer is exact). A round asks the next ROUND_QUERIES queries without an answer,
 * the longest walks first.
 *
 * The generator yields each round as tasks, one per query (`task` makes it from the query and the
 * bitset of the rows not yet grouped, which the round's tasks share), and takes their answers in
 * the order of the tasks.
 */
import { bitsetOfFlags } from '../../../data/bitset.ts';
import { itemSupports } from '../../../data/stats.ts';
import { GroupsInProgress } from './greedyGroups.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

/**
 * Queries asked per round: enough for two workers to stay busy between two commits, few enough
 * that later queries in a round seldom find their neighbours taken by earlier ones.
 */
export const ROUND_QUERIES = 32;

/**
 * Rows from which the rounds pay for worker threads started for them (the CLI's default): measured
 * 1.25-1.33x at 100,000 Netflix-shaped rows with a core free, and 1.9 s -> 6.9 s at 10,000 rows
 * (each CLI worker thread loads the engine, about a second).
 */
export const SPECULATIVE_MIN_ROWS = 50_000;

/**
 * t's partners at its turn from an answer computed earlier, or undefined when the answer cannot
 * tell. `takenSince` lists the rows grouped since the answer's state, in the order they were.
 */
export type Decide<A> = (
  t: number,
  answer: A,
  isRemaining: Uint8Array,
  takenSince: Int32Array,
) => number[] | undefined;

export function* speculativeGroups<T, A>(
  rows: SensitiveRows,
  p: number,
  order: ArrayLike<number>,
  task: (query: number, remaining: Uint32Array) => T,
  decide: Decide<A>,
  progress: (fraction: number) => void = () => {},
): Generator<T[], number[][], A[]> {
  const state = new GroupsInProgress(rows, p);
  /** Answers waiting for their turn, with how many rows had been taken when they were computed. */
  const answers = new Map<number, { answer: A; takenBefore: number }>();
  const taken = new Int32Array(rows.dataset.n);
  let takenCount = 0;
  const walkLength = walkLengths(rows, order);
  let at = 0;
  for (;;) {
    for (; at < order.length; at++) {
      const t = order[at];
      if (!state.asks(t)) continue;
      const answered = answers.get(t);
      if (!answered) break;
      answers.delete(t);
      const partners = decide(
        t,
        answered.answer,
        state.remaining,
        taken.subarray(answered.takenBefore, takenCount),
      );
      if (!partners) break;
      const group = state.take(t, partners);
      if (group) for (const r of group) taken[takenCount++] = r;
    }
    if (at === order.length) return state.finish();
    progress(at / order.length);
    const queries: number[] = [];
    const asked = new Set<number>();
    for (let i = at; i < order.length && queries.length < ROUND_QUERIES; i++) {
      const t = order[i];
      if (!state.asks(t) || answers.has(t) || asked.has(t)) continue;
      asked.add(t);
      queries.push(t);
    }
    // Longest first: the pool hands tasks out in order, so the round ends soonest (LPT).
    queries.sort((a, b) => walkLength[b] - walkLength[a] || a - b);
    const remaining = bitsetOfFlags(state.remaining);
    const got = yield queries.map((t) => task(t, remaining));
    queries.forEach((t, i) => answers.set(t, { answer: got[i], takenBefore: takenCount }));
  }
}

/** A query's cost, for the order of a round's tasks: the entries of its QID items' row lists. */
function walkLengths(rows: SensitiveRows, order: ArrayLike<number>): Float64Array {
  const supports = itemSupports(rows.dataset);
  const lengths = new Float64Array(rows.dataset.n);
  for (let i = 0; i < order.length; i++) {
    const qid = rows.qid(order[i]);
    let sum = 0;
    for (let k = 0; k < qid.length; k++) sum += supports[qid[k]];
    lengths[order[i]] = sum;
  }
  return lengths;
}
