/**
 * Verifier of `transactions` releases (k-anonymity of whole transactions, PTA Def. 1): the audit
 * maps each published row to a distinct input row and covers them all, and every published row has
 * at least k-1 identical published rows. Rows are compared as sets of tokens.
 */
import type { Dataset } from '../data/dataset.ts';
import { checkPartition } from './partition.ts';
import type { RowsAudit, TransactionsRelease, Verification } from './types.ts';

/** The canonical key of a published row: its tokens sorted and joined. */
export function rowKey(tokens: readonly string[]): string {
  return JSON.stringify([...tokens].sort());
}

export function verifyTransactions(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
): Verification {
  const problems: string[] = [];
  const k = Number(release.params.k);
  if (!Number.isInteger(k) || k < 1)
    problems.push(`release params.k must be a positive integer, got ${release.params.k}`);
  if (audit.rowOf.length !== release.transactions.length) {
    problems.push(`audit has ${audit.rowOf.length} rows, the release ${release.transactions.length}`);
  }
  const partition = checkPartition(dataset.n, audit.rowOf);
  problems.push(...partition);
  const classSizes = new Map<string, number>();
  for (const row of release.transactions) {
    const key = rowKey(row);
    classSizes.set(key, (classSizes.get(key) ?? 0) + 1);
  }
  // The worst offenders first: the rarest published rows.
  const small = [...classSizes].filter(([, size]) => size < k).sort((a, b) => a[1] - b[1]);
  for (const [key, size] of small.slice(0, 5))
    problems.push(`published row ${key} occurs ${size} time(s), fewer than k = ${k}`);
  if (small.length > 5) problems.push(`… and ${small.length - 5} more classes smaller than k`);
  return { verified: problems.length === 0, partitionComplete: partition.length === 0, problems };
}
