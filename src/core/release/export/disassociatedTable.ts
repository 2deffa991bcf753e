/**
 * A `disassociated` release as one table (DESIGN.md sec. 4 "Exported data", sec. 8):
 * `cluster,rows,chunk,subrecord,item`, a line per published item: the record chunks' sub-records
 * (chunk and sub-record numbered from 1 within their cluster and chunk, in the release's order)
 * and the term chunk's items as chunk 0, sub-record 0. `rows` repeats the cluster's size on every
 * line, so the table alone rebuilds the release; a cluster with no term item still has one line
 * for chunk 0 with an empty item, so that no cluster (and none of its rows) is lost. Written as
 * csv-long (csvLong.ts's quoting) or as parquet-long columns.
 */
import type { DisassociatedTable } from '../disassociated.ts';
import type { TextWriter } from './textWriter.ts';
import { csvQuoter } from './csvField.ts';
import { TokenBytes } from './textWriter.ts';

export const DISASSOCIATED_COLUMNS = ['cluster', 'rows', 'chunk', 'subrecord', 'item'] as const;

/** Every line of the table as (cluster, rows, chunk, subrecord, token or null), in order. */
export function forEachChunkLine(
  table: DisassociatedTable,
  line: (
    cluster: number,
    rows: number,
    chunk: number,
    subrecord: number,
    rowsOf: 'sub' | 'term' | null,
    at: number,
  ) => void,
): void {
  const { rows, chunkStart, subStart, subrecords, termChunks } = table;
  for (let c = 0; c < rows.length; c++) {
    for (let j = chunkStart[c]; j < chunkStart[c + 1]; j++)
      for (let s = subStart[j]; s < subStart[j + 1]; s++)
        for (let p = subrecords.offsets[s]; p < subrecords.offsets[s + 1]; p++)
          line(c + 1, rows[c], j - chunkStart[c] + 1, s - subStart[j] + 1, 'sub', p);
    if (termChunks.offsets[c] === termChunks.offsets[c + 1]) line(c + 1, rows[c], 0, 0, null, 0);
    for (let p = termChunks.offsets[c]; p < termChunks.offsets[c + 1]; p++)
      line(c + 1, rows[c], 0, 0, 'term', p);
  }
}

export function writeDisassociatedCsv(out: TextWriter, table: DisassociatedTable): void {
  const sub = new TokenBytes(table.subrecords.tokens, csvQuoter());
  const term = new TokenBytes(table.termChunks.tokens, csvQuoter());
  out.write(`${DISASSOCIATED_COLUMNS.join(',')}\n`);
  forEachChunkLine(table, (cluster, rows, chunk, subrecord, of, at) => {
    out.int(cluster).char(0x2c).int(rows).char(0x2c).int(chunk).char(0x2c).int(subrecord).char(0x2c);
    if (of === 'sub') sub.put(out, table.subrecords.items[at]);
    else if (of === 'term') term.put(out, table.termChunks.items[at]);
    out.char(0x0a);
  });
}

/** The table's columns as arrays (parquet-long). */
export function disassociatedColumns(table: DisassociatedTable): {
  numbers: number[][];
  items: (string | null)[];
} {
  const numbers: number[][] = [[], [], [], []];
  const items: (string | null)[] = [];
  forEachChunkLine(table, (cluster, rows, chunk, subrecord, of, at) => {
    numbers[0].push(cluster);
    numbers[1].push(rows);
    numbers[2].push(chunk);
    numbers[3].push(subrecord);
    items.push(
      of === 'sub'
        ? table.subrecords.tokens[table.subrecords.items[at]]
        : of === 'term'
          ? table.termChunks.tokens[table.termChunks.items[at]]
          : null,
    );
  });
  return { numbers, items };
}
