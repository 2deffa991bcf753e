/**
 * The published rows of a release (a `transactions` or `generalized` release's rows, a `groups`
 * release's QID rows) as a Dataset over the input's item ids, so that metrics and the summary count
 * in the release with the same tools as in the input. Tokens that are not input items (generalized
 * labels) get ids after the input's. Built once per rows array and input (several metrics, the
 * summary and the estimators read the same one).
 */
import type { Dataset } from '../data/dataset.ts';
import { DatasetBuilder } from '../data/datasetBuilder.ts';
import { ItemDictionary } from '../data/itemDictionary.ts';

const built = new WeakMap<readonly (readonly string[])[], { input: Dataset; published: Dataset }>();

export function publishedDataset(input: Dataset, rows: readonly (readonly string[])[]): Dataset {
  const cached = built.get(rows);
  if (cached && cached.input === input) return cached.published;
  let tokens = 0;
  for (const row of rows) tokens += row.length;
  const builder = new DatasetBuilder(new ItemDictionary(input.dictionary.tokens), tokens);
  let ids = new Uint32Array(64); // a row's ids, scratch (addTokens would allocate two arrays a row)
  for (const row of rows) {
    if (row.length > ids.length) ids = new Uint32Array(row.length * 2);
    for (let i = 0; i < row.length; i++) ids[i] = builder.dictionary.idOf(row[i]);
    builder.addRow(ids, row.length);
  }
  // No dense BitMatrix: tid-lists and ItemRows' holder bitsets answer the membership tests, and
  // building one cost more than it saved (BMS1: 10-25 ms, a third of a groups verification). Not
  // in shared memory either: the metrics of this thread read it, no other worker.
  const published = builder.build(`${input.name} (release)`, input.format, 0, false);
  built.set(rows, { input, published });
  return published;
}
