/**
 * A pass after the greedy that is not in the paper (Xu et al., KDD 2008): publish again every
 * suppressed item that no minimal mole needs. Global suppression leaves the support of every
 * itemset of kept items as it was, so the release is (h,k,p)-coherent exactly when every minimal
 * mole holds a suppressed item (a hitting set of the minimal moles; the paper's greedy is the
 * greedy for it). The greedy's choices are made one at a time, and a later one may hit every mole
 * an earlier one was chosen for; such an item can come back. The items are tried in decreasing
 * IL (the most occurrences first; ties by id), each restored when every minimal mole holding it
 * holds another suppressed item, so the result is a minimal hitting set (no suppressed item can be
 * restored alone) and never suppresses more than the greedy. Size-1 moles never come back.
 */
import type { MoleList } from '../../release/moles.ts';

/** Restores what it can in `suppressed` (1: suppressed); returns the items restored, in order. */
export function restoreRedundant(
  d: number,
  lists: readonly MoleList[],
  suppressed: Uint8Array,
  sizeOne: readonly number[],
  il: (e: number) => number,
): number[] {
  // The moles of each item (CSR) and, per mole, how many of its items are suppressed.
  const start = new Uint32Array(d + 1);
  let moles = 0;
  for (const list of lists) {
    moles += list.count;
    for (const a of list.items.view()) start[a + 1]++;
  }
  for (let a = 0; a < d; a++) start[a + 1] += start[a];
  const fill = start.slice(0, d);
  const of = new Uint32Array(start[d]);
  const hits = new Uint32Array(moles);
  let base = 0;
  for (const list of lists) {
    for (let i = 0; i < list.count; i++)
      for (const a of list.moleItems(i)) {
        of[fill[a]++] = base + i;
        if (suppressed[a] === 1) hits[base + i]++;
      }
    base += list.count;
  }
  const fixed = new Uint8Array(d);
  for (const a of sizeOne) fixed[a] = 1;
  const tried: number[] = [];
  for (let a = 0; a < d; a++) if (suppressed[a] === 1 && fixed[a] === 0) tried.push(a);
  tried.sort((a, b) => il(b) - il(a) || a - b);
  const restored: number[] = [];
  for (const e of tried) {
    let needed = false;
    for (let x = start[e]; x < start[e + 1] && !needed; x++) needed = hits[of[x]] < 2;
    if (needed) continue;
    suppressed[e] = 0;
    for (let x = start[e]; x < start[e + 1]; x++) hits[of[x]]--;
    restored.push(e);
  }
  return restored;
}
