/**
 * PrivBasis's basis construction (Li, Qardaji, Su, Cao, PVLDB 5(11) 2012, Alg. 2 "ConstructBasisSet";
 * dp-notes §3.4; the authors' algo2.py), pure post-processing of the differentially private items F
 * and pairs P, so a verifier can replay it (release/verifyItemsets.ts):
 * 1. the maximal cliques of the graph whose edges are P (a frequent itemset of two or more items has
 *    all its pairs frequent, so it lies in a clique); each becomes a basis, and optL is the largest
 *    clique's size;
 * 2. greedy merging: while some basis b1 shorter than optL has a partner b2 with |b1 ∪ b2| <= optL,
 *    merge the pair of largest |b1 ∩ b2| (the first such pair in basis order; the authors' code
 *    resets its search when it meets an over-long union, dp-notes P10, which makes the result depend
 *    on dictionary order: not copied);
 * 3. the items of F in no clique (orphans, in token order) top up the bases to optL in order, and
 *    the rest form new bases of 3 (the code's optL_2).
 * Items are tokens; each basis is listed in token order, and the bases in the order built.
 */
import { compareTokens } from '../data/tokenOrder.ts';

/** Size of the bases the orphans left over form (the code's optL_2). */
const ORPHAN_BASIS = 3;

export function constructBasisSet(
  items: readonly string[],
  pairs: readonly (readonly string[])[],
): string[][] {
  const cliques = maximalCliques(pairs);
  const optL = Math.max(ORPHAN_BASIS, ...cliques.map((c) => c.length));
  const bases = cliques.map((c) => new Set(c));
  for (;;) {
    let best: { i: number; j: number; overlap: number } | null = null;
    for (let i = 0; i < bases.length; i++) {
      if (bases[i].size >= optL) continue;
      for (let j = 0; j < bases.length; j++) {
        if (j === i || bases[j].size >= optL) continue;
        let overlap = 0;
        for (const x of bases[j]) if (bases[i].has(x)) overlap++;
        const union = bases[i].size + bases[j].size - overlap;
        if (union <= optL && (best === null || overlap > best.overlap)) best = { i, j, overlap };
      }
    }
    if (!best) break;
    for (const x of bases[best.j]) bases[best.i].add(x);
    bases.splice(best.j, 1);
  }
  const inClique = new Set(cliques.flat());
  const orphans = [...new Set(items)].filter((x) => !inClique.has(x)).sort(compareTokens);
  let next = 0;
  for (const basis of bases) while (basis.size < optL && next < orphans.length) basis.add(orphans[next++]);
  for (; next < orphans.length; next += ORPHAN_BASIS)
    bases.push(new Set(orphans.slice(next, next + ORPHAN_BASIS)));
  return bases.map((b) => [...b].sort(compareTokens));
}

/**
 * The maximal cliques of the graph of `pairs` (Bron and Kerbosch, CACM 1973, with Tomita's pivot),
 * each in token order, listed largest first, then in token order.
 */
export function maximalCliques(pairs: readonly (readonly string[])[]): string[][] {
  const vertices = [...new Set(pairs.flat())].sort(compareTokens);
  const index = new Map(vertices.map((v, i) => [v, i]));
  const adjacent = vertices.map(() => new Set<number>());
  for (const [a, b] of pairs) {
    if (a === b) continue;
    adjacent[index.get(a)!].add(index.get(b)!);
    adjacent[index.get(b)!].add(index.get(a)!);
  }
  const out: number[][] = [];
  const extend = (r: number[], p: Set<number>, x: Set<number>) => {
    if (p.size === 0 && x.size === 0) {
      out.push([...r]);
      return;
    }
    let pivot = -1;
    let most = -1;
    for (const u of [...p, ...x]) {
      let n = 0;
      for (const v of p) if (adjacent[u].has(v)) n++;
      if (n > most) [most, pivot] = [n, u];
    }
    for (const v of [...p].filter((v) => !adjacent[pivot].has(v)).sort((a, b) => a - b)) {
      extend(
        [...r, v],
        new Set([...p].filter((w) => adjacent[v].has(w))),
        new Set([...x].filter((w) => adjacent[v].has(w))),
      );
      p.delete(v);
      x.add(v);
    }
  };
  extend([], new Set(vertices.map((_, i) => i)), new Set());
  return out
    .map((c) => c.sort((a, b) => a - b))
    .sort((a, b) => b.length - a.length || compareIndexLists(a, b))
    .map((c) => c.map((i) => vertices[i]));
}

function compareIndexLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
