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

/** A value's canonical key: its tokens sorted (a value listed sorted already is not copied). */
const valueKey = (tokens: readonly string[]) =>
  JSON.stringify(isSorted(tokens) ? tokens : [...tokens].sort());

/** Whether `tokens` are strings in the order the default sort puts them (UTF-16 code units). */
function isSorted(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++)
    if (typeof tokens[i] !== 'string' || (i > 0 && tokens[i - 1] > tokens[i])) return false;
  return true;
}

export function verifyBuckets(dataset: Dataset, release: BucketsRelease, audit: BucketsAudit): Verification {
  const problems: string[] = [];
  const l = Number(release.params.l);
  const reading = diversityOf(release.params);
  if (!(l >= 1)) problems.push(`release params.l must be a number >= 1, got ${release.params.l}`);
  const partition = checkPartition(dataset.n, audit.buckets);
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
  const published = publishedRowCount(release);
  const audited = audit.buckets.reduce((sum, rows) => sum + (Array.isArray(rows) ? rows.length : 1), 0);
  if (published !== dataset.n || audited !== dataset.n)
    problems.push(`the buckets publish ${published} rows, the audit ${audited}, the input ${dataset.n}`);
  // Each input item's column by id (-1: none), and a row's items of one column as tokens.
  const columnOfId = Int32Array.from(dataset.dictionary.tokens, (t) => columnOf.get(t) ?? -1);
  const projection = (r: number, c: number) => {
    const tokens: string[] = [];
    for (let k = dataset.offsets[r]; k < dataset.offsets[r + 1]; k++)
      if (columnOfId[dataset.items[k]] === c) tokens.push(dataset.dictionary.tokens[dataset.items[k]]);
    return tokens;
  };
  const overRepresented: { share: number; problem: string }[] = [];
  if (audit.buckets.length !== release.buckets.length)
    problems.push(`audit has ${audit.buckets.length} buckets, the release ${release.buckets.length}`);
  release.buckets.forEach((bucket, b) => {
    const rows = audit.buckets[b] ?? [];
    if (bucket.size !== rows.length)
      problems.push(`bucket ${b + 1}: size ${bucket.size} but ${rows.length} input rows`);
    if (bucket.columns.length !== release.columns.length)
      problems.push(
        `bucket ${b + 1}: ${bucket.columns.length} columns published, the release has ${release.columns.length}`,
      );
    bucket.columns.forEach((published, c) => {
      if (published.length !== bucket.size)
        problems.push(`bucket ${b + 1}, column ${c + 1}: ${published.length} values for ${bucket.size} rows`);
      const counts = new Map<string, number>();
      for (const value of published) {
        const key = valueKey(value);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const expected = new Map<string, number>();
      for (const r of rows) {
        if (!Number.isInteger(r) || r < 0 || r >= dataset.n) continue;
        const key = valueKey(projection(r, c));
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      const same = counts.size === expected.size && [...counts].every(([key, n]) => expected.get(key) === n);
      if (!same)
        problems.push(
          `bucket ${b + 1}, column ${c + 1}: published values differ from the input rows' projections`,
        );
      if (reading === 'distinct') {
        if (!columnIsDiverse(counts.values(), bucket.size, l, reading))
          overRepresented.push({
            share: 1 / counts.size,
            problem: `bucket ${b + 1}, column ${c + 1}: ${counts.size} distinct values, fewer than l = ${l} (Example 5)`,
          });
      } else {
        for (const [key, count] of counts) {
          if (count * l > bucket.size) {
            overRepresented.push({
              share: count / bucket.size,
              problem: `bucket ${b + 1}, column ${c + 1}: ${count} of its ${bucket.size} rows ${count === 1 ? 'holds' : 'hold'} ${describeValue(JSON.parse(key) as string[])} there, above 1/${l} of them (Def. 5)`,
            });
          }
        }
      }
    });
  });
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
