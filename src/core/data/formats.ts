/**
 * The input formats of DESIGN.md sec. 2, by name: what a format picker lists and a `--format`
 * flag or a sweep spec accepts. A plain list, apart from the parsers, so that the page can show it
 * without loading any parser. `parquet` and `arrow` read either layout (a list column, or (tid, item)
 * rows); the dataset then says which (dataset.ts).
 */
import type { DatasetFormat } from './dataset.ts';

export const FORMATS: readonly DatasetFormat[] = [
  'fimi',
  'csv-basket',
  'csv-long',
  'relational',
  'arff',
  'parquet',
  'arrow',
];
