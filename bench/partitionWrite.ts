/**
 * The driver's partition files (issue 42): `distribute` writes each partition as Parquet from CSR
 * rows of token ids (core/data/columnar/writeParquet.ts, each distinct token tested and converted
 * once) where it first built every partition's rows of token strings and tested each occurrence.
 * Both ways in one process, interleaved, on one input cut as `distribute --parts N` cuts it: CPU
 * seconds of this process for all the partitions, and the bytes compared (they must be the same).
 * Usage: npx tsx bench/partitionWrite.ts FILE [PARTS=8] [REPS=3]
 */
import { readDataset } from '../src/cli/readDataset.ts';
import { transactionsParquet } from '../src/core/data/columnar/writeParquet.ts';
import { partitionRows } from '../src/core/distribute/partitionRows.ts';
import type { Dataset } from '../src/core/data/dataset.ts';

const [file, partsText = '8', repsText = '3'] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/partitionWrite.ts FILE [PARTS] [REPS]');
const { dataset } = await readDataset(file, {}, () => {});
const parts = partitionRows(dataset, Number(partsText), 'contiguous', 1);

const csr = (d: Dataset, rows: readonly number[]) => {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((r, i) => (offsets[i + 1] = offsets[i] + d.rowLength(r)));
  const items = new Uint32Array(offsets[rows.length]);
  rows.forEach((r, i) => items.set(d.row(r), offsets[i]));
  return { offsets, items, tokens: d.dictionary.tokens };
};
const ways = {
  'token strings (before)': (rows: readonly number[]) =>
    transactionsParquet(rows.map((r) => Array.from(dataset.row(r), (id) => dataset.dictionary.tokens[id]))),
  'CSR ids (now)': (rows: readonly number[]) => transactionsParquet(csr(dataset, rows)),
};
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
const seconds: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
for (let rep = 0; rep < Number(repsText); rep++)
  for (const [name, write] of Object.entries(ways)) {
    const started = cpu();
    for (const rows of parts) write(rows);
    seconds[name].push(cpu() - started);
  }
const same = parts.every((rows) =>
  Buffer.from(ways['CSR ids (now)'](rows)).equals(Buffer.from(ways['token strings (before)'](rows))),
);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [before, now] = Object.values(seconds).map(median);
console.log(
  JSON.stringify({
    file,
    rows: dataset.n,
    occurrences: dataset.offsets[dataset.n],
    parts: parts.length,
    cpu_s: seconds,
    median_before: Number(before.toFixed(2)),
    median_now: Number(now.toFixed(2)),
    ratio: Number((before / now).toFixed(2)),
    same_bytes: same,
  }),
);
