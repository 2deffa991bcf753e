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

/** The dense BitMatrix of published rows is built up to this size only (16 MiB). */
const PUBLISHED_BITS_BUDGET = 16 * 1024 * 1024;

const built = new WeakMap<readonly (readonly string[])[], { input: Dataset; published: Dataset }>();

export function publishedDataset(input: Dataset, rows: readonly (readonly string[])[]): Dataset {
  const cached = built.get(rows);
  if (cached && cached.input === input) return cached.published;
  const builder = new DatasetBuilder(new ItemDictionary(input.dictionary.tokens), rows.length * 2);
  let ids = new Uint32Array(64); // a row's ids, scratch (addTokens would allocate two arrays a row)
  for (const row of rows) {
    if (row.length > ids.length) ids = new Uint32Array(row.length * 2);
    for (let i = 0; i < row.length; i++) ids[i] = builder.dictionary.idOf(row[i]);
    builder.addRow(ids, row.length);
  }
  // Tid-lists answer the membership tests; a second dense matrix as large as the input's is not
  // worth its memory (a 1,000,000-row release would hold 125 MB more).
  const published = builder.build(`${input.name} (release)`, input.format, PUBLISHED_BITS_BUDGET);
  built.set(rows, { input, published });
  return published;
}
