/**
 * DiffPart's taxonomy and its budget plan (Chen, Mohammed, Fung, Desai, Xiong, "Publishing
 * Set-Valued Data via Differential Privacy", PVLDB 4(11) 2011, Sec. 4; dp-notes §2.2-2.4), shared
 * by the method (methods/diffpart) and the release verifier (release/verifyDiffPart.ts), which
 * replays the plan on a release read from a file.
 *
 * The taxonomy is a hierarchy of the workbench (DESIGN.md sec. 7): a given file (its leaves are the
 * public item domain, items the data lacks included), or, when none is given, the balanced one of
 * fan-out f over the data's items in token order (numeric tokens by value: the paper's consecutive
 * ids), never by support: the tree must not depend on the data (dp-notes §4.4). A node's level is
 * its height (leaves 0); Int(C) counts the internal nodes under the nodes of a cut C.
 *
 * Budget (the authors' code, Partition.cpp:135-352, one rule at every partition): a partition holds
 * B, the budget left on its path (the root: ε). Splitting it noises its sub-partitions' sizes: a
 * sub-partition whose cut still holds internal nodes with ε̄ = (B - ε/2) / (Int(C) - 1), rounded down
 * to a multiple of 2^-30 (so that scales stay exact small fractions; rounding down spends less), and
 * keeps B - ε̄; a sub-partition whose cut is all leaves (a leaf partition) with all of B. At most
 * Int(C) - 1 internal splits remain below a cut, so every path spends at most ε (exactly ε, up to the
 * rounding, when it ends at a leaf partition). The code divides by Int at the root; this plan uses
 * Int - 1 there too, which is as private and spends the whole budget.
 * Thresholds (Sec. 4.3; code Global.h:27-28): a sub-partition is kept when its noisy count reaches
 * C1·√2·L/ε̄ (internal; L the level of the expanded node) or C2·√2/B (leaf), and at least 1; noisy
 * counts are integers, so the test is N >= ceil(threshold), the same for empty and non-empty
 * sub-partitions (dp-notes D4).
 */
import { compareTokens } from '../data/tokenOrder.ts';
import { balancedHierarchy } from '../data/hierarchy/buildHierarchy.ts';
import { childrenOf, type Hierarchy } from '../data/hierarchy/hierarchy.ts';
import { parseHierarchy } from '../data/hierarchy/parseHierarchy.ts';
import type { Dataset } from '../data/dataset.ts';
import { InputError } from '../base/errors.ts';
import { div, floor, rational, sub, toNumber, type Rational } from './rational.ts';

/** A split enumerates 2^c - 1 sub-partitions: children per node are capped (dp-notes §4.6). */
export const MAX_CHILDREN = 16;

export interface Taxonomy {
  readonly labels: readonly string[];
  readonly children: readonly (readonly number[])[];
  readonly root: number;
  /** Height of each node: 0 for a leaf (an item). */
  readonly level: Int32Array;
  /** Internal nodes in each node's subtree, itself included (0 for a leaf). */
  readonly internal: Int32Array;
  /** Leaf positions (depth-first order) under each node: [low, high). */
  readonly low: Int32Array;
  readonly high: Int32Array;
}

export function taxonomyOf(h: Hierarchy): Taxonomy {
  const size = h.labels.length;
  const children = childrenOf(h);
  const level = new Int32Array(size);
  const internal = new Int32Array(size);
  const low = new Int32Array(size);
  const high = new Int32Array(size);
  // Depth-first, iteratively: positions on the way down, heights and counts on the way up.
  let position = 0;
  const stack: { node: number; next: number }[] = [{ node: h.root, next: 0 }];
  low[h.root] = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const kids = children[top.node];
    if (kids.length === 0) {
      low[top.node] = position;
      high[top.node] = ++position;
      stack.pop();
      continue;
    }
    if (top.next === 0) low[top.node] = position;
    if (top.next < kids.length) {
      stack.push({ node: kids[top.next++], next: 0 });
      continue;
    }
    high[top.node] = position;
    let height = 0;
    let count = 1;
    for (const c of kids) {
      height = Math.max(height, level[c] + 1);
      count += internal[c];
    }
    level[top.node] = height;
    internal[top.node] = count;
    stack.pop();
  }
  const wide = children.findIndex((list) => list.length > MAX_CHILDREN);
  if (wide >= 0)
    throw new InputError(
      `DiffPart splits a node into 2^c - 1 sub-partitions: '${h.labels[wide]}' has ${children[wide].length} children, at most ${MAX_CHILDREN} are allowed (a built taxonomy's fan-out f, or a hierarchy with smaller categories)`,
    );
  return { labels: h.labels, children, root: h.root, level, internal, low, high };
}

export interface DiffPartTaxonomyChoice {
  readonly hierarchy: string;
  readonly f: number;
}

/**
 * The taxonomy of a run: the given hierarchy, or the balanced one of fan-out f over the dataset's
 * items in token order; `domain` says which (a built one takes the data's items as the public domain).
 */
export function diffPartTaxonomy(
  dataset: Dataset,
  choice: DiffPartTaxonomyChoice,
): { taxonomy: Taxonomy; hierarchy: Hierarchy; given: boolean; description: string } {
  if (choice.hierarchy.trim() !== '') {
    const h = parseHierarchy(choice.hierarchy, 'hierarchy');
    return {
      taxonomy: taxonomyOf(h),
      hierarchy: h,
      given: true,
      description: `given: ${h.items} items (the public domain), ${h.labels.length - h.items} categories`,
    };
  }
  const tokens = [...dataset.dictionary.tokens].sort(compareTokens);
  const h = balancedHierarchy(tokens, choice.f);
  return {
    taxonomy: taxonomyOf(h),
    hierarchy: h,
    given: false,
    description: `built: balanced, fan-out ${choice.f}, over the data's ${tokens.length} items in token order`,
  };
}

/** Leaf position of each dataset item id (-1 when the taxonomy does not name it). */
export function leafPositions(taxonomy: Taxonomy, dataset: Dataset): Int32Array {
  const positionOf = new Map<string, number>();
  taxonomy.children.forEach((kids, node) => {
    if (kids.length === 0) positionOf.set(taxonomy.labels[node], taxonomy.low[node]);
  });
  return Int32Array.from(dataset.dictionary.tokens, (t) => positionOf.get(t) ?? -1);
}

/** The highest level among a cut's nodes, and those nodes. */
export function highestNodes(taxonomy: Taxonomy, cut: readonly number[]): { level: number; nodes: number[] } {
  let level = -1;
  for (const v of cut) level = Math.max(level, taxonomy.level[v]);
  return { level, nodes: cut.filter((v) => taxonomy.level[v] === level) };
}

export const internalCount = (taxonomy: Taxonomy, cut: readonly number[]) =>
  cut.reduce((sum, v) => sum + taxonomy.internal[v], 0);

/** The cut of the sub-partition of `pattern` (bit j: child j of u, the first child the highest bit). */
export function childCut(taxonomy: Taxonomy, cut: readonly number[], u: number, pattern: number): number[] {
  const kids = taxonomy.children[u];
  const out = cut.filter((v) => v !== u);
  kids.forEach((child, j) => {
    if (pattern & (1 << (kids.length - 1 - j))) out.push(child);
  });
  return out.sort((a, b) => a - b);
}

/**
 * The rows of a partition by pattern: bit j (from the highest, the first child) set when the row
 * holds an item under child j of u. Children cover contiguous leaf positions, so each item finds
 * its child by binary search over their first positions.
 */
export function rowsByPattern(
  dataset: Dataset,
  rows: readonly number[],
  position: Int32Array,
  taxonomy: Taxonomy,
  u: number,
): Map<number, number[]> {
  const kids = taxonomy.children[u];
  const c = kids.length;
  const lows = kids.map((k) => taxonomy.low[k]);
  const uLow = taxonomy.low[u];
  const uHigh = taxonomy.high[u];
  const groups = new Map<number, number[]>();
  for (const r of rows) {
    let pattern = 0;
    for (const item of dataset.row(r)) {
      const pos = position[item];
      if (pos < uLow || pos >= uHigh) continue;
      let lo = 0;
      let hi = c - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lows[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      pattern |= 1 << (c - 1 - lo);
    }
    // Every row of a partition touches every node of its cut, u included: pattern > 0.
    const list = groups.get(pattern);
    if (list) list.push(r);
    else groups.set(pattern, [r]);
  }
  return groups;
}
/**
 * The sub-partitions of expanding u in a cut: 2^c - 1 patterns, each a leaf partition (its cut all
 * leaves: the rest of the cut holds no internal node and no chosen child is one) or not; which of
 * the two kinds occur decides the split's charges.
 */
export function splitClasses(
  taxonomy: Taxonomy,
  cut: readonly number[],
  u: number,
): { patterns: number; isLeaf: (pattern: number) => boolean; hasLeaf: boolean; hasInternal: boolean } {
  const kids = taxonomy.children[u];
  const c = kids.length;
  const restInternal = internalCount(taxonomy, cut) - taxonomy.internal[u];
  let internalChildren = 0;
  kids.forEach((child, j) => {
    if (taxonomy.internal[child] > 0) internalChildren |= 1 << (c - 1 - j);
  });
  const isLeaf = (pattern: number) => restInternal === 0 && (pattern & internalChildren) === 0;
  const patterns = 2 ** c - 1;
  // Pattern 1 chooses the last child alone; all patterns are leaves only when no child is internal.
  const hasLeaf = restInternal === 0 && internalChildren !== patterns;
  const hasInternal = restInternal > 0 || internalChildren !== 0;
  return { patterns, isLeaf, hasLeaf, hasInternal };
}

/** Budgets are rounded down
 to multiples of 2^-30 (see the module comment). */
const GRID = 2n ** 30n;

/** What splitting a partition of budget B and cut C spends and asks (the module comment). */
export interface SplitPlan {
  /** The level of the expanded nodes (the cut's highest). */
  level: number;
  /** ε̄ for sub-partitions that keep internal nodes, when the cut has two or more. */
  internal: { epsilon: Rational; threshold: number; childBudget: Rational } | null;
  /** All of B, for sub-partitions whose cut is all leaves. */
  leaf: { epsilon: Rational; threshold: number };
}

export interface PlanConstants {
  /** The run's epsilon. */
  epsilon: Rational;
  c1: number;
  c2: number;
}

export function splitPlan(
  taxonomy: Taxonomy,
  cut: readonly number[],
  budget: Rational,
  k: PlanConstants,
): SplitPlan {
  const level = highestNodes(taxonomy, cut).level;
  const count = internalCount(taxonomy, cut);
  const leaf = { epsilon: budget, threshold: threshold(k.c2, 1, budget) };
  if (count < 2) return { level, internal: null, leaf };
  const exact = div(sub(budget, div(k.epsilon, rational(2))), rational(count - 1));
  const epsilon = rational(floor(rational(exact.n * GRID, exact.d)), GRID);
  if (epsilon.n <= 0n)
    throw new InputError(
      `DiffPart: the budget per split fell below 2^-30 at a cut of ${count} internal nodes: give a larger epsilon or a smaller taxonomy (larger fan-out)`,
    );
  return {
    level,
    internal: { epsilon, threshold: threshold(k.c1, level, epsilon), childBudget: sub(budget, epsilon) },
    leaf,
  };
}

/** max(1, ceil(c · √2 · level / ε)): integer noisy counts at least this are kept. */
function threshold(c: number, level: number, epsilon: Rational): number {
  return Math.max(1, Math.ceil((c * Math.SQRT2 * level) / toNumber(epsilon)));
}

/** The noise scale for a charge of ε on a count of sensitivity 1: 1/ε. */
export const scaleFor = (epsilon: Rational): Rational => rational(epsilon.d, epsilon.n);
