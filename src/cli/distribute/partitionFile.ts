/**
 * How a partition is written for its task and how the task reads it back: the one place to change
 * when partitions become Parquet (issue 34's writer; until it lands on main they are text). A
 * dataset whose items are all plain integers (FIMI's own, written as read: `7`, never `007`) is
 * written as FIMI, which parses fastest; any other as csv-basket, one item a field with CSV quoting
 * (so `whole milk` and `a,b` survive), read back with its format, header and delimiter named (no
 * detection guesses). An empty row is an empty line in both.
 */
import { writeCsvBasket } from '../../core/release/export/csvBasket.ts';
import { writeFimi } from '../../core/release/export/fimi.ts';
import { TextWriter } from '../../core/release/export/textWriter.ts';
import type { Dataset } from '../../core/data/dataset.ts';
import { writeFile } from '../writePieces.ts';

export interface PartitionFormat {
  /** The file name's extension. */
  readonly extension: string;
  /** The flags that make `anonymize` read the file as written. */
  readonly readFlags: readonly string[];
}

const FIMI: PartitionFormat = { extension: 'dat', readFlags: ['--format', 'fimi'] };
const CSV_BASKET: PartitionFormat = {
  extension: 'csv',
  readFlags: ['--format', 'csv-basket', '--header', 'false', '--delimiter', ','],
};

/** FIMI when every item token is an integer FIMI writes back as the same token, else csv-basket. */
export function partitionFormat(dataset: Dataset): PartitionFormat {
  const plain = dataset.dictionary.tokens.every((t) => /^(0|[1-9]\d{0,14})$/.test(t));
  return plain ? FIMI : CSV_BASKET;
}

/** Writes input rows `rows` of `dataset`, in that order, as one partition file. */
export function writePartition(
  path: string,
  dataset: Dataset,
  rows: readonly number[],
  format: PartitionFormat,
): void {
  // The partition's rows as TokenRows over the input's own token table (no copy of a token).
  let total = 0;
  for (const r of rows) total += dataset.rowLength(r);
  const offsets = new Uint32Array(rows.length + 1);
  const items = new Uint32Array(total);
  let at = 0;
  rows.forEach((r, i) => {
    items.set(dataset.row(r), at);
    at += dataset.rowLength(r);
    offsets[i + 1] = at;
  });
  const tokenRows = { offsets, items, tokens: dataset.dictionary.tokens };
  writeFile(path, (sink) => {
    const out = new TextWriter(sink);
    if (format === FIMI) writeFimi(out, tokenRows);
    else writeCsvBasket(out, tokenRows);
    out.end();
  });
}
