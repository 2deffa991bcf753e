/**
 * The published rows of a `transactions` or `generalized` release as a Dataset over the input's
 * item ids, so that metrics count supports in the release with the same tools as in the input.
 * Tokens that are not input items (generalized labels) get ids after the input's.
 */
import type { Dataset } from '../data/dataset.ts';
import { DatasetBuilder } from '../data/datasetBuilder.ts';
import { ItemDictionary } from '../data/itemDictionary.ts';

export function publishedDataset(input: Dataset, rows: readonly (readonly string[])[]): Dataset {
  const builder = new DatasetBuilder(new ItemDictionary(input.dictionary.tokens));
  for (const row of rows) builder.addTokens(row);
  return builder.build(`${input.name} (release)`, input.format);
}
