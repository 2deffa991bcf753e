/**
 * "Take a sample" of a file too large to step through (issue 40): the `items` most frequent items
 * of the whole file (ties by first appearance), plus any item the caller must keep (sensitive items
 * named), and `rows` transactions drawn uniformly at random without replacement (seeded, `Rng.sample`)
 * from those holding at least one kept item, each cut down to the kept items. Rows keep the file's
 * order and items are numbered by first appearance, as a parser would number them, so a lesson on
 * the sample reads like one on a small file. Deterministic: the same file, sizes and seed give the
 * same sample.
 */
import { createRng } from '../base/rng.ts';
import type { Dataset } from './dataset.ts';
import { DatasetBuilder } from './datasetBuilder.ts';
import { itemSupports } from './stats.ts';

export interface SampleSize {
  /** Transactions to draw. */
  rows: number;
  /** Most frequent items to keep. */
  items: number;
}

export interface TeachingSample {
  dataset: Dataset;
  /** The input row (0-based, in the file) of each sampled row, in order. */
  rows: number[];
  /** How the sample was taken, in a sentence (the trace and the page state it). */
  why: string;
}

export function takeSample(
  dataset: Dataset,
  size: SampleSize,
  seed: number,
  keep: readonly string[] = [],
): TeachingSample {
  const supports = itemSupports(dataset);
  const byFrequency = Array.from(supports.keys())
    .filter((id) => supports[id] > 0)
    .sort((a, b) => supports[b] - supports[a] || a - b);
  const kept = new Set(byFrequency.slice(0, size.items));
  const extra = keep.flatMap((token) => {
    const id = dataset.dictionary.find(token);
    return id !== undefined && !kept.has(id) ? [id] : [];
  });
  for (const id of extra) kept.add(id);
  const holding: number[] = [];
  for (let r = 0; r < dataset.n; r++)
    for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++)
      if (kept.has(dataset.items[k])) {
        holding.push(r);
        break;
      }
  const count = Math.min(size.rows, holding.length);
  const rows = createRng(seed)
    .sample(holding.length, count)
    .map((i) => holding[i])
    .sort((a, b) => a - b);
  const builder = new DatasetBuilder(undefined, 64);
  for (const r of rows) {
    const tokens: string[] = [];
    for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++)
      if (kept.has(dataset.items[k])) tokens.push(dataset.dictionary.token(dataset.items[k]));
    builder.addTokens(tokens);
  }
  const sample = builder.build(`${dataset.name} (sample)`, dataset.format, undefined, false);
  const why =
    `A sample of ${dataset.name}: ${rows.length} of its ${dataset.n.toLocaleString('en-US')} transactions, ` +
    `drawn at random with seed ${seed} among those holding one of its ${Math.min(size.items, byFrequency.length)} most frequent items` +
    `${extra.length > 0 ? ` (and the sensitive item${extra.length > 1 ? 's' : ''} ${extra.map((id) => dataset.dictionary.token(id)).join(', ')})` : ''}` +
    `, each cut to those items (${sample.d} of the file's ${dataset.d.toLocaleString('en-US')}).` +
    `${count < size.rows ? ` Only ${count} rows hold one of them.` : ''}`;
  return { dataset: sample, rows, why };
}
