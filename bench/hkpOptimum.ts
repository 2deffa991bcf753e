/**
 * How far the paper's greedy (Xu et al., KDD 2008, Sec. 4) is from the best global suppression, at
 * p = 2. Coherence after suppressing public items everywhere is exactly "every minimal mole holds a
 * suppressed item" (a suppression removes the moles holding the item and makes none), and the
 * size-1 moles must go; at p = 2 the other minimal moles are pairs, so the cheapest suppression is
 * a minimum-weight vertex cover of the graph whose edges are the pair moles, weights the items'
 * supports: equivalently the kept items are a maximum-weight clique of the complement graph (pairs
 * that are not moles). This solves that clique exactly by branch and bound (colour classes as the
 * bound, as Tomita's MCQ; weighted: a class contributes its heaviest vertex) over bitsets, from the
 * greedy's own solution as the first incumbent, within a node budget: the optimum when the search
 * ends, else the best found and the root's colour bound, a lower bound on what any global
 * suppression loses (bench/hkp.ts prints them beside the greedy and apriori-km).
 */
import type { CoherenceLevels, MoleSearch } from '../src/core/release/moles.ts';

export interface SuppressionOptimum {
  /** Occurrences the size-1 moles force out. */
  mandatory: number;
  /** Public items left after them (the graph's vertices), and the pair moles (its edges). */
  vertices: number;
  pairMoles: number;
  /** The least suppression found (occurrences), and whether the search proved it optimal. */
  bestLost: number;
  optimal: boolean;
  /** No global suppression loses fewer occurrences (the root's colour bound, or the optimum). */
  lowerBoundLost: number;
  nodes: number;
}

/**
 * The cheapest coherent global suppression at p = 2 (see the module comment), from a suppression
 * of `incumbentLost` occurrences (e.g. the greedy's) within `budget` search nodes.
 */
export function suppressionOptimum(
  search: MoleSearch,
  isPrivate: Uint8Array,
  levels: CoherenceLevels,
  incumbentLost: number,
  budget: number,
): SuppressionOptimum {
  if (levels.p !== 2) throw new Error('the optimum is computed at p = 2 (pair moles as edges)');
  const { supports } = search;
  const d = supports.length;
  const sizeOne = new Set(search.moles[0].items.view());
  let mandatory = 0;
  for (const a of sizeOne) mandatory += supports[a];
  // The vertices: public items that occur and are no mole alone; compatible = not a pair mole.
  const vertices: number[] = [];
  for (let a = 0; a < d; a++) if (!isPrivate[a] && supports[a] > 0 && !sizeOne.has(a)) vertices.push(a);
  vertices.sort((a, b) => supports[b] - supports[a] || a - b);
  const n = vertices.length;
  const index = new Map(vertices.map((a, i) => [a, i]));
  const words = (n + 31) >>> 5;
  const adjacent = Array.from({ length: n }, () => new Uint32Array(words).fill(0xffffffff));
  const unset = (bits: Uint32Array, i: number) => (bits[i >>> 5] &= ~(1 << (i & 31)));
  for (let i = 0; i < n; i++) {
    for (let j = n; j < words * 32; j++) unset(adjacent[i], j);
    unset(adjacent[i], i);
  }
  const pairs = search.moles[1];
  for (let m = 0; m < pairs.count; m++) {
    const [a, b] = pairs.moleItems(m);
    const i = index.get(a)!;
    const j = index.get(b)!;
    unset(adjacent[i], j);
    unset(adjacent[j], i);
  }
  const weight = vertices.map((a) => supports[a]);
  let total = 0;
  for (const w of weight) total += w;
  let best = total + mandatory - incumbentLost; // weight kept among the vertices
  let nodes = 0;
  let exhausted = false;

  /** Colour classes of `candidates` (pairwise moles), vertices in class order with cumulative bounds. */
  const colour = (candidates: Uint32Array): { order: number[]; bound: number[] } => {
    const left = Uint32Array.from(candidates);
    const order: number[] = [];
    const bound: number[] = [];
    let cumulative = 0;
    for (;;) {
      const klass = Uint32Array.from(left);
      let heaviest = 0;
      let any = false;
      for (let w = 0; w < words; w++)
        while (klass[w] !== 0) {
          const bit = 31 - Math.clz32(klass[w] & -klass[w]);
          const v = (w << 5) | bit;
          klass[w] &= ~(1 << bit);
          any = true;
          // v joins this class; the items it may be kept with cannot.
          for (let x = 0; x < words; x++) klass[x] &= ~adjacent[v][x];
          left[w] &= ~(1 << bit);
          if (weight[v] > heaviest) heaviest = weight[v];
          order.push(v);
          bound.push(-1);
        }
      if (!any) break;
      cumulative += heaviest;
      for (let i = bound.length - 1; i >= 0 && bound[i] === -1; i--) bound[i] = cumulative;
    }
    return { order, bound };
  };

  const expand = (kept: number, candidates: Uint32Array): void => {
    if (++nodes > budget) {
      exhausted = true;
      return;
    }
    const { order, bound } = colour(candidates);
    const left = Uint32Array.from(candidates);
    for (let i = order.length - 1; i >= 0; i--) {
      if (kept + bound[i] <= best || exhausted) return;
      const v = order[i];
      const next = new Uint32Array(words);
      let empty = true;
      for (let w = 0; w < words; w++) {
        next[w] = left[w] & adjacent[v][w];
        if (next[w] !== 0) empty = false;
      }
      if (kept + weight[v] > best) best = kept + weight[v];
      if (!empty) expand(kept + weight[v], next);
      left[v >>> 5] &= ~(1 << (v & 31));
    }
  };

  const all = new Uint32Array(words);
  for (let i = 0; i < n; i++) all[i >>> 5] |= 1 << (i & 31);
  const root = colour(all).bound;
  const rootBound = Math.min(total, root.length ? root[root.length - 1] : 0);
  expand(0, all);
  const bestLost = total + mandatory - best;
  return {
    mandatory,
    vertices: n,
    pairMoles: pairs.count,
    bestLost,
    optimal: !exhausted,
    lowerBoundLost: exhausted ? total + mandatory - rootBound : bestLost,
    nodes,
  };
}
