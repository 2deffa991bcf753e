/**
 * Verifier of `transactions` releases (k-anonymity of whole transactions, PTA Def. 1): the audit
 * maps each published row to a distinct input row and covers them all (as many published rows as
 * audit rows as input rows); every published row names input items, each once; no published
 * value holds an item that none of the input rows published with it holds (PTA's majority centre
 * and PatternKa's intersection both keep only items of their class's rows, so a made-up item is a
 * tampered release); and every published row has at least k-1 identical published rows. Rows are
 * compared as sets of tokens.
 */
import type { Dataset } from '../data/dataset.ts';
import { checkPartition } from './partition.ts';
import { ProblemList, rowProblem } from './rowChecks.ts';
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
  if (audit.rowOf.length !== release.transactions.length || release.transactions.length !== dataset.n) {
    problems.push(
      `the release has ${release.transactions.length} rows, the audit ${audit.rowOf.length}, the input ${dataset.n}`,
    );
  }
  const partition = checkPartition(dataset.n, [audit.rowOf]);
  problems.push(...partition);
  const known = (t: string) => dataset.dictionary.find(t) !== undefined;
  const badRows = new ProblemList();
  const classes = new Map<string, { size: number; value: readonly string[]; held: Set<string> }>();
  release.transactions.forEach((row, p) => {
    const problem = rowProblem(row, known);
    if (problem) badRows.add(`published row ${p + 1} ${problem}`);
    const key = rowKey(row);
    let c = classes.get(key);
    if (!c) classes.set(key, (c = { size: 0, value: row, held: new Set() }));
    c.size++;
    const r = audit.rowOf[p];
    if (Number.isInteger(r) && r >= 0 && r < dataset.n) for (const t of dataset.rowTokens(r)) c.held.add(t);
  });
  problems.push(...badRows.list());
  const madeUp = new ProblemList(5, 'more published values like it');
  for (const [key, c] of classes) {
    const unheld = c.value.filter((t) => known(t) && !c.held.has(t));
    if (unheld.length > 0)
      madeUp.add(
        `published row ${key} holds ${unheld.join(', ')}, which none of its ${c.size} input row(s) holds`,
      );
  }
  problems.push(...madeUp.list());
  // The worst offenders first: the rarest published rows.
  const small = [...classes].filter(([, c]) => c.size < k).sort((a, b) => a[1].size - b[1].size);
  for (const [key, c] of small.slice(0, 5))
    problems.push(`published row ${key} occurs ${c.size} time(s), fewer than k = ${k}`);
  if (small.length > 5) problems.push(`… and ${small.length - 5} more classes smaller than k`);
  return { verified: problems.length === 0, partitionComplete: partition.length === 0, problems };
}
