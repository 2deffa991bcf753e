/**
 * (h,k,p)-coherence's figures (issue 41). On BMS1 with the 10 most frequent items private, h = 0.5,
 * k = 5, p = 2: the paper's greedy with and without the pass that restores what no mole needs, IL =
 * support and IL = one, and h = 1 (k alone), each run's item occurrences suppressed beside those
 * apriori-km k = 5, m = 2 generalizes (the run record's occurrences_lost), its minimal moles, and
 * the CPU seconds of each run (process.cpuUsage: the machine is shared). A second reference for the
 * suppression: keep the public items one at a time by decreasing support, each when it completes no
 * minimal mole (restore.ts from everything suppressed), an independent heuristic for the same
 * hitting set. The Netflix shape's runs are the `hkp` section's own table (bench/hkpNetflix.ts).
 * Usage:
 *   npx tsx bench/hkpCoherence.ts [BMS1 file]
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { chooseSensitive } from '../src/core/data/sensitive.ts';
import { findMinimalMoles } from '../src/core/release/moles.ts';
import { restoreRedundant } from '../src/core/methods/hkp-coherence/restore.ts';
import { runMethod } from '../src/core/run/runMethod.ts';

const file = process.argv[2] ?? 'test/data/BMS1.dat.gz';
const raw = readFileSync(file);
const bytes = file.endsWith('.gz') ? gunzipSync(raw) : raw;
const { dataset } = parseBytes(new Uint8Array(bytes), { fileName: 'BMS1.dat' });
const top10 = { top: 10 };

function timed<T>(run: () => T): { result: T; cpuSeconds: number } {
  const before = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(before);
  return { result, cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)) };
}

const cases: { label: string; method: string; params: Record<string, number | string | boolean> }[] = [
  { label: 'apriori-km k=5 m=2', method: 'apriori-km', params: { k: 5, m: 2 } },
  { label: 'hkp h=0.5 k=5 p=2 (greedy + restore)', method: 'hkp-coherence', params: { h: 0.5, k: 5, p: 2 } },
  {
    label: 'hkp h=0.5 k=5 p=2 (the greedy alone)',
    method: 'hkp-coherence',
    params: { h: 0.5, k: 5, p: 2, restore: false },
  },
  {
    label: 'hkp h=0.5 k=5 p=2, IL = one',
    method: 'hkp-coherence',
    params: { h: 0.5, k: 5, p: 2, il: 'one' },
  },
  { label: 'hkp h=1 k=5 p=2 (k alone)', method: 'hkp-coherence', params: { h: 1, k: 5, p: 2 } },
];
const occurrences = dataset.offsets[dataset.n];
console.log(JSON.stringify({ file, rows: dataset.n, items: dataset.d, occurrences }));
for (const { label, method, params } of cases) {
  const { result, cpuSeconds } = timed(() =>
    runMethod(dataset, {
      method,
      params,
      seed: 1,
      ...(method === 'hkp-coherence' && { sensitive: top10 }),
    }),
  );
  const { record } = result;
  console.log(
    JSON.stringify({
      case: label,
      verified: record.verified,
      occurrencesLost: record.occurrences_lost,
      share: Number(((record.occurrences_lost ?? 0) / occurrences).toFixed(4)),
      moles: record.notes?.['minimal moles by size'],
      suppressedItems: record.notes?.['public items suppressed'] ?? record.summary.items_generalized,
      cpuSeconds,
    }),
  );
}

// The keep-by-support reference: every public item suppressed, then restored by decreasing support.
const privateIds = chooseSensitive(dataset, top10, 1);
const isPrivate = new Uint8Array(dataset.d);
for (const id of privateIds) isPrivate[id] = 1;
const search = findMinimalMoles(
  { offsets: dataset.offsets, ids: dataset.items, d: dataset.d, isPrivate },
  { h: 0.5, k: 5, p: 2 },
);
const suppressed = Uint8Array.from(isPrivate, (p) => 1 - p);
restoreRedundant(
  dataset.d,
  search.moles.slice(1),
  suppressed,
  Array.from(search.moles[0].items.view()),
  (e) => search.supports[e],
);
let lost = 0;
for (let a = 0; a < dataset.d; a++) if (suppressed[a] === 1) lost += search.supports[a];
console.log(JSON.stringify({ case: 'keep by decreasing support (reference)', occurrencesLost: lost }));
