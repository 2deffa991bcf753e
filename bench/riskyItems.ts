/**
 * Investigation (issue 31, apriori-km's refinement at density): how many items take part in a rare
 * item pair (0 < sup(i, j) < k), and what share of the pair-counting work their rows carry.
 *   npx tsx bench/riskyItems.ts FILE [k]
 */
import { readDataset } from '../src/cli/readDataset.ts';
import { forEachFirst, holdersOf, PairCountsByFirst } from '../src/core/data/pairsByFirst.ts';

const [file, kText] = process.argv.slice(2);
const k = Number(kText ?? 5);
const t0 = process.cpuUsage();
const { dataset } = await readDataset(file);
const ids = Uint32Array.from(dataset.items);
for (let r = 0; r < dataset.n; r++) ids.subarray(dataset.offsets[r], dataset.offsets[r + 1]).sort();
const rows = { offsets: dataset.offsets, ids };
const d = dataset.d;
const support = new Float64Array(d);
const weight = new Float64Array(d);
for (let r = 0; r < dataset.n; r++) {
  const len = dataset.offsets[r + 1] - dataset.offsets[r];
  for (let t = dataset.offsets[r]; t < dataset.offsets[r + 1]; t++) {
    support[ids[t]]++;
    weight[ids[t]] += len;
  }
}
const risky = new Uint8Array(d);
let rarePairs = 0;
const t1 = process.cpuUsage();
forEachFirst(rows, holdersOf(rows, d), new PairCountsByFirst(d), (a, counter) => {
  counter.takeRare(a, k, (b) => {
    rarePairs++;
    risky[a] = 1;
    risky[b] = 1;
  });
});
const pairCpu = process.cpuUsage(t1);
let rareItems = 0;
let riskyItems = 0;
let riskyWeight = 0;
let allWeight = 0;
for (let i = 0; i < d; i++) {
  if (support[i] > 0 && support[i] < k) rareItems++;
  if (risky[i]) {
    riskyItems++;
    riskyWeight += weight[i];
  }
  allWeight += weight[i];
}
const s = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1e6).toFixed(1);
console.log(
  JSON.stringify({
    file,
    n: dataset.n,
    d,
    k,
    rareItems,
    rarePairs,
    riskyItems,
    riskyWeightShare: riskyWeight / allWeight,
    sumLenSquared: allWeight,
    pairPassCpu: s(pairCpu),
    totalCpu: s(process.cpuUsage(t0)),
  }),
);
