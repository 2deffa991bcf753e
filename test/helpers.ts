/** Test helpers: random transaction sets (fast-check) and a naive reference for datasets. */
import fc from 'fast-check';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import type { Audit, GroupsRelease, Release } from '../src/core/release/types.ts';
import {
  auditFromPlain,
  releaseFromPlain,
  releaseToPlain,
  type PlainAudit,
  type PlainGroup,
  type PlainRelease,
} from '../src/core/release/plainRelease.ts';
import { tokenArrays, type TokenRows } from '../src/core/release/tokenRows.ts';
import { MemorySink, type ByteSink } from '../src/core/release/export/textWriter.ts';
import { ParseError } from '../src/core/data/parsers/parseError.ts';
import type { RunSummary } from '../src/core/run/runRecord.ts';

/** Rows of distinct item numbers in [0, maxItem), possibly empty. */
export function arbitraryRows(maxItem = 40, maxRows = 40, maxLength = 12) {
  return fc.array(fc.uniqueArray(fc.integer({ min: 0, max: maxItem - 1 }), { maxLength }), {
    maxLength: maxRows,
  });
}

/** Row sets that hold at least one item: a file of them parses (a file with no item is refused). */
export function withAnItem(rows: fc.Arbitrary<number[][]>): fc.Arbitrary<number[][]> {
  return rows.filter((r) => r.some((row) => row.length > 0));
}

/** A Dataset whose item tokens are the numbers' decimal strings. */
export function datasetOf(rows: number[][], bitBudget?: number): Dataset {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens(row.map(String));
  return builder.build('test', 'fimi', bitBudget);
}

/** A Dataset of rows given as item tokens (csv-basket). */
export function datasetOfTokens(rows: readonly (readonly string[])[]): Dataset {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens([...row]);
  return builder.build('test', 'csv-basket');
}

/** The rows of a dataset as sorted token arrays, for comparisons that ignore item ids. */
export function tokenRows(dataset: Dataset): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < dataset.n; r++) rows.push(dataset.rowTokens(r).sort());
  return rows;
}

export function sortedStrings(row: number[]): string[] {
  return row.map(String).sort();
}

/** The ParseError that `run` throws (fails the test when it throws nothing or something else). */
export function errorOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

/** Every registered method id, in registry order. */
export const ALL_METHOD_IDS = [
  'gray-cahd',
  'rcm-cahd',
  'nn',
  'lsh',
  'perm-mondrian',
  'anatomy',
  'pta',
  'patternka',
  'multi-anatomy',
  'coat',
  'apriori-km',
  'diffpart',
  'privbasis',
  'hkp-coherence',
  'disassociation',
  'privbayes',
];

/** A run summary of zeros, for hand-made run records. */
export function releaseFactsOf(): RunSummary {
  return {
    rows_before: 0,
    rows_after: 0,
    items_before: 0,
    items_after: 0,
    avg_items_before: 0,
    avg_items_after: 0,
    items_kept: 0,
    items_generalized: 0,
    items_suppressed: 0,
    items_added: 0,
    occurrences_added: 0,
    occurrences_removed: 0,
    rows_emptied: 0,
    occurrences_as_counts: 0,
    rows_as_counts_only: 0,
    frequent_pairs: 0,
    frequent_pairs_within_10pct: 0,
    frequent_pairs_share: null,
    frequent_pairs_items_cut: 0,
  };
}

/** A hand-made `groups` release (p-degree, sensitive items `sensitive`) with the given groups. */
export function groupsReleaseOf(groups: PlainGroup[], sensitive = ['s'], p = 2): GroupsRelease {
  return releaseFromPlain({
    format: 'txanon-release/1',
    model: 'p-degree',
    method: 'test',
    params: { p },
    seed: 1,
    sensitive,
    kind: 'groups',
    groups,
  }) as GroupsRelease;
}

/** A release from its JSON form, typed as the kind it is. */
export function typed<K extends Release['kind']>(
  plain: PlainRelease & { kind: K },
): Extract<Release, { kind: K }> {
  return releaseFromPlain(plain) as Extract<Release, { kind: K }>;
}

/** An audit from its JSON form. */
export function typedAudit(audit: PlainAudit): Audit {
  return auditFromPlain(audit);
}

/** A release's JSON form (rows as arrays of tokens), for comparisons. */
export function plain<R extends Release>(release: R): Extract<PlainRelease, { kind: R['kind'] }> {
  return releaseToPlain(release) as Extract<PlainRelease, { kind: R['kind'] }>;
}

/** A `transactions` or `generalized` release's rows as arrays of tokens. */
export function rowsOf(release: { transactions: TokenRows }): string[][] {
  return tokenArrays(release.transactions);
}

/** An exported file's bytes as text (a leading U+FEFF kept: it is part of what was written). */
export function textOf(file: { write(sink: ByteSink): void }): string {
  const sink = new MemorySink();
  file.write(sink);
  return sink.text();
}
