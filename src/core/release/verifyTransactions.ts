/**
 * Verifier of `transactions` releases (k-anonymity of whole transactions, PTA Def. 1): the audit
 * maps each published row to a distinct input row and covers them all (as many published rows as
 * audit rows as input rows); every published row names input items, each once; no published
 * value holds an item that none of the input rows published with it holds (PTA's majority centre
 * and PatternKa's intersection both keep only items of their class's rows, so a made-up item is a
 * tampered release); and every published row has at least k-1 identical published rows. Rows are
 * compared as sets of items, read as ids (publishedRows.ts, identicalRows.ts). The worst offenders
 * first: the classes smaller than k, rarest first, each named by its first published row's number
 * and its items (numbers in order of value); then the made-up values.
 * A batch published by saved rules (check/applyRules.ts) publishes each row as the centre of the
 * class it joins, which may hold items the row does not: by design, no disclosure (the row's own
 * items are never told), so `centresFromRules` leaves that check out.
 */
import type { Dataset } from '../data/dataset.ts';
import { checkPartition } from './partition.ts';
import { ProblemList, rowProblem } from './rowChecks.ts';
import type { RowsAudit, TransactionsRelease, Verification } from './types.ts';
import { identicalRows, type IdenticalRows } from './identicalRows.ts';
import { publishedDataset } from './publishedRows.ts';
import { rowCount, rowLength, rowTokens } from './tokenRows.ts';
import { itemsText } from '../base/format.ts';

/** The canonical key of a published row: its tokens sorted and joined. */
export function rowKey(tokens: readonly string[]): string {
  return JSON.stringify([...tokens].sort());
}

export interface TransactionsChecks {
  /** The published values are the centres saved rules give (a new batch): none is made up. */
  centresFromRules?: boolean;
}

export function verifyTransactions(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
  checks: TransactionsChecks = {},
): Verification {
  const problems: string[] = [];
  const k = Number(release.params.k);
  if (!Number.isInteger(k) || k < 1)
    problems.push(`release params.k must be a positive integer, got ${release.params.k}`);
  const rows = release.transactions;
  const n = rowCount(rows);
  if (audit.rowOf.length !== n || n !== dataset.n)
    problems.push(`the release has ${n} rows, the audit ${audit.rowOf.length}, the input ${dataset.n}`);
  const partition = checkPartition(dataset.n, audit.rowOf);
  problems.push(...partition);
  // A centre from rules may hold items the batch never holds (by design, as below).
  const known = (t: string) => checks.centresFromRules === true || dataset.dictionary.find(t) !== undefined;
  // Rows as sets of ids (publishedRows.ts): a token that is no input item has an id >= d, and a
  // repeated token makes the set shorter than the row; such a row is spelled out token by token.
  const published = publishedDataset(dataset, rows);
  const badRows = new ProblemList();
  for (let p = 0; p < n; p++) {
    const ids = published.row(p);
    if (ids.length === rowLength(rows, p) && (ids.length === 0 || ids[ids.length - 1] < dataset.d)) continue;
    const problem = rowProblem(rowTokens(rows, p), known);
    if (problem) badRows.add(`published row ${p + 1} ${problem}`);
  }
  problems.push(...badRows.list());
  const classes = identicalRows(published);
  /** A class by its first published row: `published row 12 [2, 11, 121]`. */
  const named = (c: number) =>
    `published row ${classes.first[c] + 1} [${itemsText(rowTokens(rows, classes.first[c]))}]`;
  // The worst offenders first: the rarest published rows.
  const small = classes.size
    .map((size, c) => ({ size, c }))
    .filter(({ size }) => size < k)
    .sort((a, b) => a.size - b.size);
  for (const { size, c } of small.slice(0, 5))
    problems.push(`${named(c)} occurs ${size} time(s), fewer than k = ${k}`);
  if (small.length > 5) problems.push(`… and ${small.length - 5} more classes smaller than k`);
  if (!checks.centresFromRules) {
    const madeUp = new ProblemList(5, 'more published values like it');
    madeUpValues(dataset, published, audit, classes, (c, isUnheld) => {
      const unheld = rowTokens(rows, classes.first[c]).filter((t) => {
        const id = dataset.dictionary.find(t);
        return id !== undefined && isUnheld(id);
      });
      madeUp.add(
        `${named(c)} holds ${itemsText(unheld)}, which none of its ${classes.size[c]} input row(s) holds`,
      );
    });
    problems.push(...madeUp.list());
  }
  return { verified: problems.length === 0, partitionComplete: partition.length === 0, problems };
}

/**
 * Each class whose published value holds input items that none of its input rows holds, in order
 * of the classes, with a test of those items (input ids). A class's value is marked,
 * then its members' input rows unmark what they hold: one pass over the members' rows.
 */
function madeUpValues(
  dataset: Dataset,
  published: Dataset,
  audit: RowsAudit,
  classes: IdenticalRows,
  report: (c: number, unheld: (id: number) => boolean) => void,
): void {
  const count = classes.first.length;
  const memberStart = new Uint32Array(count + 1);
  for (let p = 0; p < classes.classOf.length; p++) memberStart[classes.classOf[p] + 1]++;
  for (let c = 0; c < count; c++) memberStart[c + 1] += memberStart[c];
  const members = new Uint32Array(classes.classOf.length);
  const fill = memberStart.slice(0, count);
  for (let p = 0; p < classes.classOf.length; p++) members[fill[classes.classOf[p]]++] = p;
  const marked = new Uint8Array(dataset.d);
  for (let c = 0; c < count; c++) {
    const value = published.row(classes.first[c]);
    let open = 0;
    for (const id of value)
      if (id < dataset.d) {
        marked[id] = 1;
        open++;
      }
    for (let m = memberStart[c]; m < memberStart[c + 1] && open > 0; m++) {
      const r = audit.rowOf[members[m]];
      if (r >= dataset.n) continue;
      for (let j = dataset.offsets[r]; j < dataset.offsets[r + 1]; j++)
        if (marked[dataset.items[j]] === 1) {
          marked[dataset.items[j]] = 0;
          open--;
        }
    }
    if (open === 0) continue;
    report(c, (id) => marked[id] === 1);
    for (const id of value) if (id < dataset.d) marked[id] = 0;
  }
}
