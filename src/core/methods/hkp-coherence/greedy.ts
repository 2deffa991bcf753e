/**
 * The greedy algorithm of (h,k,p)-coherence (Xu, Wang, Fung, Yu, KDD 2008, Sec. 4, Fig. 6 "the
 * overall greedy algorithm"): find the minimal moles (release/moles.ts); suppress every size-1 mole
 * (a public item that is a mole on its own can be removed only by suppressing it); build the
 * MOLE-tree of the other minimal moles (moleTree.ts); then, while a minimal mole remains, suppress
 * the public item e with the largest Score(e) = MM(e) / IL(e), the minimal moles it removes per
 * information it loses, and take its moles out of the tree. IL(e) is Sup(e) by default, the item
 * occurrences its suppression deletes (the paper's measure in its experiments); `one` counts each
 * suppressed item as 1 (fewest distinct items). With `restore`, a pass that is not the paper's then
 * publishes again the suppressed items no minimal mole needs (restore.ts). Ties go to the larger MM, then to the smaller id, so
 * the run is deterministic. Suppressing a public item never makes a mole (moleTree.ts), so the loop
 * ends with no mole and the rows are (h,k,p)-coherent; at worst every public item in a mole goes.
 */
import {
  findMinimalMoles,
  type CoherenceLevels,
  type CoherenceRows,
  type MoleSearch,
} from '../../release/moles.ts';
import { MoleTree } from './moleTree.ts';
import { restoreRedundant } from './restore.ts';

export type InformationLoss = 'support' | 'one';
export const INFORMATION_LOSSES: readonly InformationLoss[] = ['support', 'one'];

/** One greedy choice with the score that decided it. */
export interface Suppression {
  item: number;
  mm: number;
  il: number;
  /** Minimal moles the suppression took out of the tree (= mm). */
  removed: number;
}

/** What a recorded run reports (hkpSteps.ts); production runs pass none. */
export interface GreedyObserver {
  moles(search: MoleSearch): void;
  sizeOne(items: readonly number[]): void;
  tree(tree: MoleTree): void;
  /** A choice, with the alternatives' MM and IL as they stood before it. */
  choice(chosen: Suppression, alternatives: readonly Suppression[], tree: MoleTree): void;
  /** The items the pass after the greedy published again (restore.ts). */
  restored(items: readonly number[]): void;
}

export interface GreedyResult {
  /** suppressed[id] === 1 for a suppressed public item. */
  suppressed: Uint8Array;
  search: MoleSearch;
  /** The size-1 moles, suppressed first. */
  sizeOne: number[];
  /** The greedy's choices in order. */
  choices: Suppression[];
  /** Items the greedy suppressed and the pass after it published again (restore.ts; empty without it). */
  restored: number[];
  treeNodes: number;
}

export function greedyCoherence(
  rows: CoherenceRows,
  levels: CoherenceLevels,
  informationLoss: InformationLoss,
  restore: boolean,
  observer?: GreedyObserver,
  progress?: (fraction: number, phase: string) => void,
): GreedyResult {
  progress?.(0, 'finding minimal moles');
  const search = findMinimalMoles(rows, levels);
  observer?.moles(search);
  const suppressed = new Uint8Array(rows.d);
  const ones = search.moles[0];
  const sizeOne = Array.from(ones.items.view());
  for (const a of sizeOne) suppressed[a] = 1;
  observer?.sizeOne(sizeOne);
  progress?.(0.5, 'building the MOLE-tree');
  const tree = new MoleTree(rows.d, search.moles.slice(1));
  observer?.tree(tree);
  const il = (e: number) => (informationLoss === 'one' ? 1 : search.supports[e]);
  const total = tree.moles;
  const choices: Suppression[] = [];
  while (tree.moles > 0) {
    let best = -1;
    let bestScore = -1;
    for (let e = 0; e < rows.d; e++) {
      const mm = tree.mm[e];
      if (mm <= 0) continue;
      const score = mm / il(e);
      if (score > bestScore || (score === bestScore && mm > tree.mm[best])) {
        best = e;
        bestScore = score;
      }
    }
    const alternatives = observer ? scored(tree, il) : [];
    const mm = tree.mm[best];
    const removed = tree.suppress(best);
    suppressed[best] = 1;
    const choice = { item: best, mm, il: il(best), removed };
    choices.push(choice);
    observer?.choice(choice, alternatives, tree);
    progress?.(0.5 + (0.5 * (total - tree.moles)) / Math.max(1, total), 'suppressing');
  }
  const restored = restore ? restoreRedundant(rows.d, search.moles.slice(1), suppressed, sizeOne, il) : [];
  if (restore) observer?.restored(restored);
  return { suppressed, search, sizeOne, choices, restored, treeNodes: tree.size };
}

/** Every item of the score table with its MM and IL, best score first (recorded runs). */
function scored(tree: MoleTree, il: (e: number) => number): Suppression[] {
  const out: Suppression[] = [];
  for (let e = 0; e < tree.mm.length; e++)
    if (tree.mm[e] > 0) out.push({ item: e, mm: tree.mm[e], il: il(e), removed: 0 });
  return out.sort((a, b) => b.mm / b.il - a.mm / a.il || b.mm - a.mm || a.item - b.item);
}
