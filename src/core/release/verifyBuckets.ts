/**
 * Verifier of `buckets` releases (l-diverse multi-dimension anatomy, anatomy paper Def. 5), strict:
 * the audit covers every input row once (the buckets' sizes add up to the audit's rows and the
 * input's); the columns partition the input's items (each in one column, no other token); every
 * bucket publishes every column, and in each exactly the projections of its input rows, one value
 * per row (as a multiset, since columns are permuted); and every bucket's column is l-diverse under
 * the reading the release names (`params.diversity`, diversity.ts): by default the most frequent
 * value v has c(v) / |B| <= 1 / l; `distinct`: at least l distinct values. The empty itemset counts
 * as a value.
 */
import { publishedRowCount } from './rowCount.ts';
import type { Dataset } from '../data/dataset.ts';
import { checkPartition } from './partition.ts';
import { columnIsDiverse, describeValue, diversityOf } from './diversity.ts';
import type { BucketsAudit, BucketsRelease, Verification } from './types.ts';
import { U32Vec } from '../data/u32Vec.ts';
import { publishedDataset } from './publishedRows.ts';
import { bucketCells, bucketColumnCount, bucketCount } from './tables.ts';
import { rowCount, rowIds, rowLength, rowTokens } from './tokenRows.ts';

export function verifyBuckets(dataset: Dataset, release: BucketsRelease, audit: BucketsAudit): Verification {
  const problems: string[] = [];
  const l = Number(release.params.l);
  const reading = diversityOf(release.params);
  if (!(l >= 1)) problems.push(`release params.l must be a number >= 1, got ${release.params.l}`);
  const partition = checkPartition(dataset.n, audit.buckets.items);
  problems.push(...partition);
  const columnOf = new Map<string, number>();
  release.columns.forEach((tokens, c) =>
    tokens.forEach((t) => {
      if (dataset.dictionary.find(t) === undefined)
        problems.push(`column ${c + 1} names ${t}, which is no item of the input`);
      else if (columnOf.has(t)) problems.push(`item ${t} is in columns ${columnOf.get(t)! + 1} and ${c + 1}`);
      columnOf.set(t, c);
    }),
  );
  for (const token of dataset.dictionary.tokens)
    if (!columnOf.has(token)) problems.push(`item ${token} is in no column`);
  const publishedRows = publishedRowCount(release);
  const audited = audit.buckets.items.length;
  if (publishedRows !== dataset.n || audited !== dataset.n)
    problems.push(`the buckets publish ${publishedRows} rows, the audit ${audited}, the input ${dataset.n}`);
  // Each input item's column by id (-1: none); the cells as sets of ids (a repeat shortens one).
  const columnOfId = Int32Array.from(dataset.dictionary.tokens, (t) => columnOf.get(t) ?? -1);
  const table = release.buckets;
  const cells = publishedDataset(dataset, table.cells);
  const projection = new U32Vec(); // the bucket's rows' items of one column, row after row
  const projectionStart: number[] = [];
  const overRepresented: { share: number; problem: string }[] = [];
  const buckets = bucketCount(table);
  const auditBuckets = rowCount(audit.buckets);
  if (auditBuckets !== buckets) problems.push(`audit has ${auditBuckets} buckets, the release ${buckets}`);
  for (let b = 0; b < buckets; b++) {
    const rows = b < auditBuckets ? rowIds(audit.buckets, b) : new Uint32Array(0);
    const size = table.size[b];
    if (size !== rows.length) problems.push(`bucket ${b + 1}: size ${size} but ${rows.length} input rows`);
    const columnCount = bucketColumnCount(table, b);
    if (columnCount !== release.columns.length)
      problems.push(
        `bucket ${b + 1}: ${columnCount} columns published, the release has ${release.columns.length}`,
      );
    for (let c = 0; c < columnCount; c++) {
      const { from, to } = bucketCells(table, b, c)!;
      if (to - from !== size)
        problems.push(`bucket ${b + 1}, column ${c + 1}: ${to - from} values for ${size} rows`);
      projection.length = 0;
      projectionStart.length = 0;
      for (const r of rows) {
        if (r >= dataset.n) continue;
        projectionStart.push(projection.length);
        for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++)
          if (columnOfId[dataset.items[k]] === c) projection.push(dataset.items[k]);
      }
      projectionStart.push(projection.length);
      const published = sortedValues(cells.offsets, cells.items, from, to);
      const expected = sortedValues(
        Uint32Array.from(projectionStart),
        projection.data,
        0,
        projectionStart.length - 1,
      );
      let repeats = false;
      for (let i = from; i < to; i++) if (rowLength(table.cells, i) !== cells.rowLength(i)) repeats = true;
      if (repeats || !sameValues(published, expected))
        problems.push(
          `bucket ${b + 1}, column ${c + 1}: published values differ from the input rows' projections`,
        );
      const counts = valueCounts(published);
      if (reading === 'distinct') {
        if (
          !columnIsDiverse(
            counts.map((v) => v.count),
            size,
            l,
            reading,
          )
        )
          overRepresented.push({
            share: 1 / counts.length,
            problem: `bucket ${b + 1}, column ${c + 1}: ${counts.length} distinct values, fewer than l = ${l} (Example 5)`,
          });
      } else {
        for (const { first, count } of counts) {
          if (count * l > size) {
            overRepresented.push({
              share: count / size,
              problem: `bucket ${b + 1}, column ${c + 1}: ${count} of its ${size} rows ${count === 1 ? 'holds' : 'hold'} ${describeValue(rowTokens(table.cells, first).sort())} there, above 1/${l} of them (Def. 5)`,
            });
          }
        }
      }
    }
  }
  // The worst offenders first: the values with the largest share of their bucket.
  overRepresented.sort((a, b) => b.share - a.share);
  problems.push(...overRepresented.slice(0, 10).map((o) => o.problem));
  if (overRepresented.length > 10)
    problems.push(`… and ${overRepresented.length - 10} more values above 1/${l}`);
  return {
    verified: problems.length === 0,
    partitionComplete: partition.length === 0,
    problems: problems.slice(0, 20),
  };
}

/** Values (rows from..to-1 of a CSR of sorted ids) in a canonical order: by length, then ids. */
interface SortedValues {
  offsets: Uint32Array;
  items: Uint32Array;
  order: number[];
}

function sortedValues(offsets: Uint32Array, items: Uint32Array, from: number, to: number): SortedValues {
  const order = Array.from({ length: to - from }, (_, i) => from + i);
  order.sort((a, b) => compareValues(offsets, items, a, offsets, items, b));
  return { offsets, items, order };
}

function compareValues(
  aOffsets: Uint32Array,
  aItems: Uint32Array,
  a: number,
  bOffsets: Uint32Array,
  bItems: Uint32Array,
  b: number,
): number {
  const la = aOffsets[a + 1] - aOffsets[a];
  const lb = bOffsets[b + 1] - bOffsets[b];
  if (la !== lb) return la - lb;
  for (let i = 0; i < la; i++) {
    const d = aItems[aOffsets[a] + i] - bItems[bOffsets[b] + i];
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether two lists of values are the same multiset. */
function sameValues(x: SortedValues, y: SortedValues): boolean {
  if (x.order.length !== y.order.length) return false;
  for (let i = 0; i < x.order.length; i++)
    if (compareValues(x.offsets, x.items, x.order[i], y.offsets, y.items, y.order[i]) !== 0) return false;
  return true;
}

/** Each distinct value with how many rows hold it, in order of the value's first cell. */
function valueCounts(values: SortedValues): { first: number; count: number }[] {
  const runs: { first: number; count: number }[] = [];
  const { offsets, items, order } = values;
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && compareValues(offsets, items, order[i - 1], offsets, items, order[i]) === 0) {
      const run = runs[runs.length - 1];
      run.count++;
      run.first = Math.min(run.first, order[i]);
    } else runs.push({ first: order[i], count: 1 });
  }
  return runs.sort((a, b) => a.first - b.first);
}
