/**
 * Writing a release and its audit as JSON (DESIGN.md sec. 4, keys in the documented order), as a
 * stream of UTF-8 chunks (export/textWriter.ts): a release of 480,189 Netflix-shaped rows is
 * 0.7 GB of JSON, above what one JS string holds (2^29 characters; issue 31). The bytes are those
 * `JSON.stringify` gives for the release's plain form (plainRelease.ts), key for key: the typed
 * rows are written from their ids (each token's JSON text encoded once), every other value with
 * `JSON.stringify` itself.
 * A release small enough to be read by eye (the papers' examples, a class's sample: under 10,000
 * published rows) is indented one space a level (`JSON.stringify(plain, null, 1)`); a larger one
 * is written without whitespace, which JSON readers read the same: half the bytes.
 */
import { TextWriter, TokenBytes, type ByteSink } from './export/textWriter.ts';
import { auditToPlain, releaseToPlain } from './plainRelease.ts';
import { publishedRowCount } from './rowCount.ts';
import type { CsrRows } from '../data/dataset.ts';
import type { TokenRows } from './tokenRows.ts';
import type { Audit, BucketsTable, GroupsTable, Release } from './types.ts';
import type { DisassociatedTable } from './disassociated.ts';

/** Releases with fewer published rows than this are indented. */
export const INDENTED_BELOW_ROWS = 10_000;

const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * Writes `release` as JSON into `sink`: indented below INDENTED_BELOW_ROWS published rows, unless
 * `indented` says otherwise.
 */
export function writeReleaseJson(
  release: Release,
  sink: ByteSink,
  indented = publishedRowCount(release) < INDENTED_BELOW_ROWS,
): void {
  const out = new TextWriter(sink);
  if (indented) out.once(JSON.stringify(releaseToPlain(release), null, 1));
  else
    writeObject(out, release, (key, value) => {
      if (release.kind === 'groups' && key === 'groups') writeGroups(out, value as GroupsTable);
      else if (release.kind === 'buckets' && key === 'buckets') writeBuckets(out, value as BucketsTable);
      else if (release.kind === 'disassociated' && key === 'clusters')
        writeClusters(out, value as DisassociatedTable);
      else if ((release.kind === 'transactions' || release.kind === 'generalized') && key === 'transactions')
        writeTokenRows(
          out,
          value as TokenRows,
          jsonTokens(value as TokenRows),
          0,
          rowsIn(value as TokenRows),
        );
      else return false;
      return true;
    });
  out.end();
}

/** Writes `audit` as JSON (no whitespace, as `JSON.stringify(plain)`) into `sink`. */
export function writeAuditJson(audit: Audit, sink: ByteSink): void {
  const out = new TextWriter(sink);
  writeObject(out, audit, (key, value) => {
    if ((key === 'groups' || key === 'buckets' || key === 'clusters') && isCsr(value))
      writeIdRows(out, value);
    else if (value instanceof Uint32Array)
      writeInts(out, value, 0, value.length); // rowOf, subrecordOf
    else return false;
    return true;
  });
  out.end();
}

/** The plain JSON of a small audit, as text (tests; a page's small download). */
export function auditJsonText(audit: Audit): string {
  return JSON.stringify(auditToPlain(audit));
}

/**
 * `{"key":value,...}` in the object's key order, as JSON.stringify writes it (undefined values
 * left out); `typed(key, value)` writes the values it knows and returns whether it did.
 */
function writeObject(out: TextWriter, object: object, typed: (key: string, value: unknown) => boolean): void {
  out.char(OPEN_OBJECT);
  let first = true;
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (!first) out.char(COMMA);
    first = false;
    out.once(JSON.stringify(key)).char(COLON);
    if (!typed(key, value)) out.once(JSON.stringify(value));
  }
  out.char(CLOSE_OBJECT);
}

function isCsr(value: unknown): value is CsrRows {
  return typeof value === 'object' && value !== null && 'offsets' in value && 'items' in value;
}

function rowsIn(rows: CsrRows): number {
  return rows.offsets.length - 1;
}

const jsonTokens = (rows: TokenRows) => new TokenBytes(rows.tokens, (t) => JSON.stringify(t));

/** Rows from..to-1 as `[["a","b"],[]]`; with `listed` false, one row as `["a","b"]`. */
function writeTokenRows(
  out: TextWriter,
  rows: TokenRows,
  bytes: TokenBytes,
  from: number,
  to: number,
  listed = true,
): void {
  const { offsets, items } = rows;
  if (!listed) {
    out
      .char(OPEN_LIST)
      .tokens(bytes, items, offsets[from], offsets[from + 1], COMMA)
      .char(CLOSE_LIST);
    return;
  }
  out.char(OPEN_LIST);
  for (let i = from; i < to; i++) {
    if (i > from) out.char(COMMA);
    out
      .char(OPEN_LIST)
      .tokens(bytes, items, offsets[i], offsets[i + 1], COMMA)
      .char(CLOSE_LIST);
  }
  out.char(CLOSE_LIST);
}

function writeInts(out: TextWriter, values: ArrayLike<number>, from: number, to: number): void {
  out.char(OPEN_LIST);
  for (let k = from; k < to; k++) (k > from ? out.char(COMMA) : out).int(values[k]);
  out.char(CLOSE_LIST);
}

function writeIdRows(out: TextWriter, rows: CsrRows): void {
  out.char(OPEN_LIST);
  for (let i = 0; i < rowsIn(rows); i++) {
    if (i > 0) out.char(COMMA);
    writeInts(out, rows.items, rows.offsets[i], rows.offsets[i + 1]);
  }
  out.char(CLOSE_LIST);
}

/** `[{"qid":[...],"sensitive":{"s":1}},...]` */
function writeGroups(out: TextWriter, table: GroupsTable): void {
  const qidBytes = jsonTokens(table.qid);
  const sensitive = table.sensitive;
  const sensitiveBytes = jsonTokens(sensitive);
  out.char(OPEN_LIST);
  for (let g = 0; g + 1 < table.start.length; g++) {
    if (g > 0) out.char(COMMA);
    out.write('{"qid":');
    writeTokenRows(out, table.qid, qidBytes, table.start[g], table.start[g + 1]);
    out.write(',"sensitive":{');
    for (let k = sensitive.offsets[g]; k < sensitive.offsets[g + 1]; k++) {
      if (k > sensitive.offsets[g]) out.char(COMMA);
      sensitiveBytes.put(out, sensitive.items[k]);
      out.char(COLON).int(sensitive.counts[k]);
    }
    out.char(CLOSE_OBJECT).char(CLOSE_OBJECT);
  }
  out.char(CLOSE_LIST);
}

/** `[{"size":2,"columns":[[["a"],[]],...]},...]` */
function writeBuckets(out: TextWriter, table: BucketsTable): void {
  const bytes = jsonTokens(table.cells);
  out.char(OPEN_LIST);
  for (let b = 0; b < table.size.length; b++) {
    if (b > 0) out.char(COMMA);
    out.write('{"size":').int(table.size[b]).write(',"columns":').char(OPEN_LIST);
    for (let j = table.columnStart[b]; j < table.columnStart[b + 1]; j++) {
      if (j > table.columnStart[b]) out.char(COMMA);
      writeTokenRows(out, table.cells, bytes, table.cellStart[j], table.cellStart[j + 1]);
    }
    out.char(CLOSE_LIST).char(CLOSE_OBJECT);
  }
  out.char(CLOSE_LIST);
}

/** `[{"rows":5,"recordChunks":[{"items":["a"],"subrecords":[["a"],...]}],"termChunk":["b"]},...]` */
function writeClusters(out: TextWriter, table: DisassociatedTable): void {
  const itemBytes = jsonTokens(table.chunkItems);
  const subBytes = jsonTokens(table.subrecords);
  const termBytes = jsonTokens(table.termChunks);
  out.char(OPEN_LIST);
  for (let c = 0; c < table.rows.length; c++) {
    if (c > 0) out.char(COMMA);
    out.write('{"rows":').int(table.rows[c]).write(',"recordChunks":').char(OPEN_LIST);
    for (let j = table.chunkStart[c]; j < table.chunkStart[c + 1]; j++) {
      if (j > table.chunkStart[c]) out.char(COMMA);
      out.write('{"items":');
      writeTokenRows(out, table.chunkItems, itemBytes, j, j + 1, false);
      out.write(',"subrecords":');
      writeTokenRows(out, table.subrecords, subBytes, table.subStart[j], table.subStart[j + 1]);
      out.char(CLOSE_OBJECT);
    }
    out.char(CLOSE_LIST).write(',"termChunk":');
    writeTokenRows(out, table.termChunks, termBytes, c, c + 1, false);
    out.char(CLOSE_OBJECT);
  }
  out.char(CLOSE_LIST);
}
