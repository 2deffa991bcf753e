/**
 * An independent re-check of the `hkp` section's lower bound (bench/hkpOptimum.ts, round 2 of
 * notes/hkp-coherence.md): no global suppression of public items makes BMS1 (h,k,p)-coherent at
 * h = 0.5, k = 5, p = 2 (the 10 most frequent items private) for fewer occurrences than apriori-km
 * k = 5, m = 2 generalizes. Nothing of src/ is imported: the file is parsed here, the moles are
 * counted from the definitions (Xu et al., KDD 2008: a public itemset β occurring in the data is a
 * mole when Sup(β) < k or Sup(β ∪ {e}) / Sup(β) > h for a private e) with plain maps, and the two
 * releases the CLI writes are read as files: what each loses is counted from the published rows
 * (an input item's occurrences are lost when the release never publishes the item as itself; both
 * methods recode globally, so an item is published everywhere or nowhere).
 *
 * The bound: after global suppression of a set S of public items, a kept itemset has the input's
 * supports, so the release is coherent iff every mole of ≤ p items holds an item of S. The size-1
 * moles are in S; the pair moles among the other items are edges a cover must hit; an item's
 * weight is its support (the occurrences its suppression loses). Two lower bounds on the cover,
 * each valid alone: (a) a partition of the items into cliques of the mole graph (every pair of a
 * clique is a mole), of which all but one item go: Σ_C w(C) − max_C w; (b) a local-ratio edge
 * packing (Bar-Yehuda and Even 1981): LP duality, Σ_e y_e with Σ_{e ∋ v} y_e ≤ w_v.
 *
 * Usage: npx tsx bench/hkpBoundCheck.ts BMS1.dat apriori-release.json hkp-release.json
 */
import { readFileSync } from 'node:fs';

const [dataFile, aprioriFile, hkpFile] = process.argv.slice(2);
const K = 5;
const H = 0.5;

const rows = readFileSync(dataFile, 'utf8')
  .split('\n')
  .map((line) => [
    ...new Set(
      line
        .trim()
        .split(/\s+/)
        .filter((t) => t !== ''),
    ),
  ])
  .filter((row) => row.length > 0);
const support = new Map<string, number>();
for (const row of rows) for (const t of row) support.set(t, (support.get(t) ?? 0) + 1);
const occurrences = rows.reduce((sum, row) => sum + row.length, 0);

/** Occurrences of input items a release file never publishes as themselves. */
function lostBy(file: string): { lost: number; sensitive: string[] } {
  const release = JSON.parse(readFileSync(file, 'utf8')) as { transactions: string[][]; sensitive: string[] };
  const published = new Set(release.transactions.flat());
  let lost = 0;
  for (const [t, s] of support) if (!published.has(t)) lost += s;
  return { lost, sensitive: release.sensitive };
}
const apriori = lostBy(aprioriFile);
const hkp = lostBy(hkpFile);

// The 10 most frequent items private; the hkp run's own choice is compared with it.
const byFrequency = [...support.entries()].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
const privateItems = new Set(byFrequency.slice(0, 10).map(([t]) => t));
const sameChoice = hkp.sensitive.length === 10 && hkp.sensitive.every((t) => privateItems.has(t));

const isMole = (sup: number, withPrivate: Iterable<number>) => {
  if (sup < K) return true;
  for (const both of withPrivate) if (both / sup > H) return true;
  return false;
};

// Size-1 moles (public items).
const privateWith = new Map<string, Map<string, number>>();
for (const row of rows) {
  const held = row.filter((t) => privateItems.has(t));
  if (held.length === 0) continue;
  for (const t of row) {
    if (privateItems.has(t)) continue;
    let m = privateWith.get(t);
    if (!m) privateWith.set(t, (m = new Map()));
    for (const e of held) m.set(e, (m.get(e) ?? 0) + 1);
  }
}
const sizeOne = new Set<string>();
for (const [t, s] of support)
  if (!privateItems.has(t) && isMole(s, privateWith.get(t)?.values() ?? [])) sizeOne.add(t);
let mandatory = 0;
for (const t of sizeOne) mandatory += support.get(t)!;

// Pair moles among the remaining public items.
const vertices = [...support.keys()].filter((t) => !privateItems.has(t) && !sizeOne.has(t));
const pairSup = new Map<string, number>();
const pairPrivate = new Map<string, Map<string, number>>();
for (const row of rows) {
  const pub = row.filter((t) => !privateItems.has(t) && !sizeOne.has(t)).sort();
  const held = row.filter((t) => privateItems.has(t));
  for (let i = 0; i < pub.length; i++)
    for (let j = i + 1; j < pub.length; j++) {
      const key = `${pub[i]} ${pub[j]}`;
      pairSup.set(key, (pairSup.get(key) ?? 0) + 1);
      if (held.length === 0) continue;
      let m = pairPrivate.get(key);
      if (!m) pairPrivate.set(key, (m = new Map()));
      for (const e of held) m.set(e, (m.get(e) ?? 0) + 1);
    }
}
const edges: [string, string][] = [];
for (const [key, s] of pairSup)
  if (isMole(s, pairPrivate.get(key)?.values() ?? [])) edges.push(key.split(' ') as [string, string]);
const conflicts = new Map<string, Set<string>>(vertices.map((v) => [v, new Set()]));
for (const [a, b] of edges) {
  conflicts.get(a)!.add(b);
  conflicts.get(b)!.add(a);
}
const total = vertices.reduce((sum, v) => sum + support.get(v)!, 0);

// (a) Clique partition of the mole graph, heaviest items first.
const heaviestFirst = [...vertices].sort((a, b) => support.get(b)! - support.get(a)! || a.localeCompare(b));
const placed = new Set<string>();
let cliqueBound = 0;
let cliques = 0;
for (const v of heaviestFirst) {
  if (placed.has(v)) continue;
  const clique = [v];
  placed.add(v);
  for (const u of heaviestFirst)
    if (!placed.has(u) && clique.every((c) => conflicts.get(c)!.has(u))) {
      clique.push(u);
      placed.add(u);
    }
  cliques++;
  // All but one item of the clique go; at best the heaviest (the first) stays.
  for (const c of clique.slice(1)) cliqueBound += support.get(c)!;
}

// (b) Local-ratio edge packing, edges by decreasing min weight.
const residual = new Map(vertices.map((v) => [v, support.get(v)!]));
let packingBound = 0;
const byMin = [...edges].sort(
  (x, y) =>
    Math.min(support.get(y[0])!, support.get(y[1])!) - Math.min(support.get(x[0])!, support.get(x[1])!),
);
for (const [a, b] of byMin) {
  const delta = Math.min(residual.get(a)!, residual.get(b)!);
  residual.set(a, residual.get(a)! - delta);
  residual.set(b, residual.get(b)! - delta);
  packingBound += delta;
}

const bound = mandatory + Math.max(cliqueBound, packingBound);
const fmt = (n: number) => n.toLocaleString('en');
console.log(
  JSON.stringify(
    {
      rows: rows.length,
      occurrences,
      privateItems: [...privateItems],
      hkpChoseTheSame: sameChoice,
      sizeOneMoles: sizeOne.size,
      mandatory,
      vertices: vertices.length,
      verticesWeight: total,
      pairMoles: edges.length,
      cliques,
      cliquePartitionBound: mandatory + cliqueBound,
      edgePackingBound: mandatory + packingBound,
      aprioriLost: apriori.lost,
      hkpLost: hkp.lost,
      summary: `any coherent global suppression loses ≥ ${fmt(bound)} = ${(bound / apriori.lost).toFixed(3)} × apriori-km's ${fmt(apriori.lost)}; hkp-coherence lost ${fmt(hkp.lost)}`,
    },
    null,
    1,
  ),
);
