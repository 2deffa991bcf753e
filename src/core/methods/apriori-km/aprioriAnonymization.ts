/**
 * Apriori Anonymization (AA) of Terrovitis, Mamoulis and Kalnis, "Privacy-preserving Anonymization
 * of Set-valued Data" (VLDB 2008, Sec. 4; the baseline [20] of the COAT paper, Sec. 2 and 6):
 * k^m-anonymity by global full-subtree generalization over an item hierarchy. Bottom-up by itemset
 * size, as Apriori: for i = 1 .. m it counts the i-itemsets of the data as the current cut
 * publishes it, and fixes each itemset I with 0 < sup(I) < k by the generalization of least
 * information loss (NCP, cut.ts) among all combinations of ancestors of I's nodes that lifts sup(I)
 * to k (their direct anonymization step DA: I has at most m nodes, so the combinations are few).
 * A lift maps every item under the chosen node to it, so one fix may repair many itemsets; each
 * itemset is checked against the cut as it stands when its turn comes (its support at the new cut
 * is computed afresh when its nodes moved). One count per size suffices: an itemset rarer than k
 * at the final cut would have only rare preimages at the counted cut (a lifted itemset that occurs
 * is supported by at least the rows of each preimage), and each of those was fixed or found
 * supported when its turn came; lifting only adds support. The same argument shows a lift never
 * breaks a smaller size (Terrovitis et al.'s monotonicity). The release verifier checks it all.
 * Order: the itemsets lexicographically by node (DA walks its count-tree in preorder; a node's
 * number follows the hierarchy's depth-first order for items); cost ties go to the nearer
 * ancestors of the first node.
 * The root fixes any itemset as long as at least k rows hold an item (checked first), so AA ends.
 * A recorded run draws the cut at each fix with the options DA tried (aprioriSteps.ts).
 * Then (issue 32, refineCut.ts) the cut is refined until no category can be split with k^m still
 * holding, a top-down search from the root is refined alike, and the cheaper of the two is published
 * (a recorded run ends with that cut: the release's). Both skip the pairs of children that hold no
 * item of a rare pair of items (pairRisk.ts), known from AA's count of pairs when it was at the cut
 * of items (no rare single item), else counted once for them (PairRisk.count: a flag per item).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';
import { InputError } from '../../base/errors.ts';
import type { MemoryCheck } from '../../base/memoryBudget.ts';
import { Cut } from './cut.ts';
import { NodeSupport } from './nodeSupport.ts';
import { rareItemsets } from './rareItemsets.ts';
import { AprioriSteps, type FixOption } from './aprioriSteps.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { refineCut, topDownCut } from './refineCut.ts';
import { PairRisk } from './pairRisk.ts';

export interface AaResult {
  /** The cut: the node each position (tree.itemAt) is published as. */
  cutAt: Int32Array;
  /** Generalizations applied (DA steps). */
  fixes: number;
  /** Itemsets rarer than k found by the first count of each size 1..m. */
  violations: number[];
  /** NCP of the cut (cut.ts), in [0, 1], after the refinement. */
  ncp: number;
  /** NCP of AA's own cut, before the refinement (refineCut.ts). */
  aaNcp: number;
  /** Categories the refinement took one level down (of the published cut). */
  splits: number;
  /** Which search found the published cut: AA refined, or the top-down one from the root. */
  search: 'apriori' | 'top-down';
}

export function aprioriAnonymize(
  dataset: Dataset,
  tree: RangeTree,
  k: number,
  m: number,
  progress: (fraction: number, phase?: string) => void = () => {},
  rec?: Recorder,
  memory: MemoryCheck = () => {},
): AaResult {
  const { cut, supports, fixes, violations, holding, steps, itemPairs } = aprioriPass(
    dataset,
    tree,
    k,
    m,
    progress,
    rec,
    memory,
  );
  const aaNcp = cut.ncp();
  progress(1, 'refining the cut');
  const risk = m < 2 ? PairRisk.everywhere : (itemPairs ?? PairRisk.count(dataset, supports, k));
  const refined = refineCut(dataset, tree, cut, supports, k, m, { risk });
  progress(1, 'the top-down search');
  const topDown = holding >= k ? topDownCut(dataset, tree, supports, k, m, { risk }) : null;
  progress(1, 'done');
  // The cheaper of the two locally minimal cuts (ties: AA's).
  const result: AaResult =
    topDown && topDown.cut.ncp() < cut.ncp()
      ? {
          cutAt: topDown.cut.at,
          fixes,
          violations,
          ncp: topDown.cut.ncp(),
          aaNcp,
          splits: topDown.refinement.splits,
          search: 'top-down',
        }
      : {
          cutAt: cut.at,
          fixes,
          violations,
          ncp: cut.ncp(),
          aaNcp,
          splits: refined.splits,
          search: 'apriori',
        };
  steps?.published(result.cutAt, result.search, result.splits, aaNcp, result.ncp);
  return result;
}

/** AA itself (Terrovitis et al. Sec. 4): the cut after the rare itemsets of sizes 1..m are fixed. */
export function aprioriPass(
  dataset: Dataset,
  tree: RangeTree,
  k: number,
  m: number,
  progress: (fraction: number, phase?: string) => void = () => {},
  rec?: Recorder,
  memory: MemoryCheck = () => {},
): {
  cut: Cut;
  supports: NodeSupport;
  fixes: number;
  violations: number[];
  holding: number;
  steps?: AprioriSteps;
  /** The items in rare pairs of items, when AA's count of pairs was at the cut of items (pairRisk.ts). */
  itemPairs?: PairRisk;
} {
  let holding = 0;
  for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) > 0) holding++;
  if (holding > 0 && holding < k)
    throw new InputError(
      `k^m-anonymity by generalization needs at least k = ${k} transactions with items; ${dataset.name} has ${holding}`,
    );
  const supports = new NodeSupport(dataset, tree);
  const cut = new Cut(tree, (node) => supports.occurrences(node));
  const violations: number[] = [];
  let fixes = 0;
  const steps = rec?.on
    ? new AprioriSteps(rec, tree, cut, k, tree.root < 0 ? 0 : supports.occurrences(tree.root))
    : undefined;
  let itemPairs: PairRisk | undefined;
  steps?.start();
  for (let size = 1; size <= m; size++) {
    progress((size - 1) / m, `itemsets of ${size}`);
    const found = rareItemsets(dataset, supports, cut, tree.parent.length, size, k, memory);
    if (size === 2 && isItemCut(cut)) itemPairs = PairRisk.ofItemPairs(tree, found);
    violations.push(found.count);
    steps?.counted(size, found);
    const current: number[] = new Array<number>(size).fill(0);
    for (let v = 0; v < found.count; v++) {
      let moved = false;
      for (let j = 0; j < size; j++) {
        const node = found.node(v, j);
        current[j] = cut.nodeOver(node);
        if (current[j] !== node) moved = true;
      }
      if (moved && hasRepeat(current)) continue; // merged into a smaller itemset
      if (moved && supports.reaches(current, k)) continue;
      const tried: FixOption[] | undefined = steps && [];
      const chosen = cheapestFix(tree, cut, supports, [...current], k, tried);
      for (const node of chosen) cut.lift(node);
      steps?.fixed(current, tried!, chosen);
      fixes++;
    }
  }
  return { cut, supports, fixes, violations, holding, steps, itemPairs };
}

/** Whether the cut publishes every item as itself (no lift so far). */
function isItemCut(cut: Cut): boolean {
  for (let p = 0; p < cut.at.length; p++) if (cut.at[p] !== p) return false;
  return true;
}

function hasRepeat(nodes: readonly number[]): boolean {
  for (let i = 1; i < nodes.length; i++) for (let j = 0; j < i; j++) if (nodes[i] === nodes[j]) return true;
  return false;
}

/**
 * DA's step for one itemset: among all combinations of the nodes' ancestors (each node itself or
 * one above it), the one of least added NCP that makes the itemset's support >= k. Nodes under
 * another chosen node merge into it; an itemset that merges into fewer nodes is supported by >= k
 * rows (its smaller sizes are fixed already). Returns the nodes to lift the cut to.
 */
/** Options costlier than the fix that a recorded run lists beside it. */
const FIX_ALTERNATIVES = 4;

function cheapestFix(
  tree: RangeTree,
  cut: Cut,
  supports: NodeSupport,
  nodes: number[],
  k: number,
  /** Recorded runs: receives the options tried, in order. */
  tried?: FixOption[],
): number[] {
  const chains = nodes.map((node) => {
    const chain: number[] = [];
    for (let a = node; a >= 0; a = tree.parent[a]) chain.push(a);
    return chain;
  });
  const options: { cost: number; nodes: number[] }[] = [];
  const pick = new Array<number>(nodes.length).fill(0);
  for (;;) {
    const chosen = chains.map((chain, j) => chain[pick[j]]);
    const merged = chosen.filter(
      (a, j) =>
        !chosen.some(
          (b, t) =>
            t !== j &&
            tree.low[b] <= tree.low[a] &&
            tree.high[a] <= tree.high[b] &&
            (tree.high[b] - tree.low[b] > tree.high[a] - tree.low[a] || t < j),
        ),
    );
    options.push({ cost: merged.reduce((sum, a) => sum + cut.liftCost(a), 0), nodes: merged });
    let j = nodes.length - 1;
    while (j >= 0 && pick[j] === chains[j].length - 1) pick[j--] = 0;
    if (j < 0) break;
    pick[j]++;
  }
  // Stable: among equal costs the first enumerated (nearer ancestors of the first node) wins.
  options.sort((a, b) => a.cost - b.cost);
  for (let o = 0; o < options.length; o++) {
    const option = options[o];
    if (option.cost === 0) continue; // the itemset as it stands: rarer than k
    const fewer = option.nodes.length < nodes.length;
    const reaches = fewer || supports.reaches(option.nodes, k);
    tried?.push({ ...option, reaches: fewer ? null : reaches });
    if (reaches) {
      // Recorded runs: the next options by cost too, as the alternatives it did not need.
      if (tried)
        for (const next of options.slice(o + 1, o + 1 + FIX_ALTERNATIVES)) {
          const fewerNext = next.nodes.length < nodes.length;
          tried.push({
            ...next,
            reaches: fewerNext ? null : supports.reaches(next.nodes, k),
            after: true,
          });
        }
      return option.nodes;
    }
  }
  return [tree.root];
}
