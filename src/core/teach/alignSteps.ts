/**
 * Two traces stepped side by side (issue 40: "stepping together where their steps align and each on
 * its own otherwise"). Steps align when they do the same thing: their titles agree once every word
 * holding a digit (a row, group or step number: "Group G2 is formed", "T3 joins C1") is set aside,
 * so two settings of one method align step for step, and two methods at least on the attack and the
 * release that end every trace. The alignment is a longest common subsequence of those keys
 * (order kept on both sides); the joint walk is a list of ticks, each moving one side (the other
 * holds its step) or both (aligned steps). Pure: the page, a test or a handout can walk it.
 */
import type { Step } from './trace.ts';

/** One tick of the joint walk: the step each side shows, and which side moved onto it. */
export interface Tick {
  a: number;
  b: number;
  moved: 'both' | 'a' | 'b';
}

/** What a step does, for the alignment: its title without the words that number things. */
export function stepKey(step: Pick<Step, 'title'>): string {
  return step.title
    .split(/\s+/)
    .map((word) => (/\d/.test(word) ? '#' : word.toLowerCase()))
    .join(' ');
}

/** Pairs (i, j) of aligned steps, increasing on both sides (a longest common subsequence of keys). */
export function alignedPairs(a: readonly string[], b: readonly string[]): [number, number][] {
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/**
 * The joint walk of two step lists: between two aligned pairs, the steps of `a` alone (b holds),
 * then those of `b` alone (a holds), then the pair together. Every step of each side is shown at
 * exactly one tick where it moved; the first tick shows both first steps.
 */
export function jointWalk(a: readonly Pick<Step, 'title'>[], b: readonly Pick<Step, 'title'>[]): Tick[] {
  const pairs = alignedPairs(a.map(stepKey), b.map(stepKey));
  const ticks: Tick[] = [];
  let i = 0;
  let j = 0;
  // The first steps open together, aligned or not: a side's first step is shown (held) from the
  // first tick, so a tick that would only show it again is left out.
  const push = (tick: Tick) => {
    const last = ticks.at(-1);
    if (!last) ticks.push({ ...tick, moved: 'both' });
    else if (last.a !== tick.a || last.b !== tick.b) ticks.push(tick);
  };
  for (const [pi, pj] of [...pairs, [a.length, b.length] as [number, number]]) {
    for (; i < pi; i++) push({ a: i, b: Math.max(0, j - 1), moved: 'a' });
    for (; j < pj; j++) push({ a: Math.max(0, i - 1), b: j, moved: 'b' });
    if (pi < a.length && pj < b.length) push({ a: i++, b: j++, moved: 'both' });
  }
  return ticks;
}
