/**
 * Verifier of `hkp-coherence` releases (kind `transactions`; Xu, Wang, Fung, Yu, KDD 2008): the
 * audit maps each published row to a distinct input row and covers them all; each published row is
 * its input row with public items taken out and nothing else changed (every private item kept, no
 * item added, each named once); an item is suppressed from every row that holds it or from none
 * (the paper's suppression, Sec. 3: "suppressing an item deletes it from all transactions"); and the
 * published rows are (h,k,p)-coherent for the release's own params and private items
 * (`sensitive`): every public itemset of at most p items that occurs is held by at least k rows, and
 * no private item by more than a share h of them (Sec. 2). Coherence is checked by the level-wise
 * search of moles.ts, which counts every such itemset that occurs until it meets a mole.
 */
import type { Dataset } from '../data/dataset.ts';
import { findMinimalMoles, SMALL_COHORT, type CoherenceLevels, type MoleList } from './moles.ts';
import { checkPartition } from './partition.ts';
import { publishedDataset } from './publishedRows.ts';
import { ProblemList, rowProblem } from './rowChecks.ts';
import { rowCount, rowLength, rowTokens } from './tokenRows.ts';
import type { RowsAudit, TransactionsRelease, Verification } from './types.ts';

/** The release's (h, k, p), or the problems with them. */
export function coherenceLevels(params: TransactionsRelease['params']): CoherenceLevels | string[] {
  const h = Number(params.h);
  const k = Number(params.k);
  const p = Number(params.p);
  const problems: string[] = [];
  if (!(h > 0 && h <= 1)) problems.push(`release params.h must be a fraction in (0, 1], got ${params.h}`);
  if (!Number.isInteger(k) || k < 1)
    problems.push(`release params.k must be a positive integer, got ${params.k}`);
  if (!Number.isInteger(p) || p < 1)
    problems.push(`release params.p must be a positive integer, got ${params.p}`);
  return problems.length > 0 ? problems : { h, k, p };
}

/** One mole in words: what an attacker who knows its items learns, against the bound it breaks. */
export function describeMole(
  items: readonly string[],
  support: number,
  breachItem: string | null,
  breachSupport: number,
  levels: CoherenceLevels,
): string {
  const beta = `{${items.join(', ')}}`;
  if (breachItem === null) return `${beta} is held by ${support} row(s), fewer than k = ${levels.k}`;
  const share = breachSupport / support;
  return `${breachItem} is held by ${breachSupport} of the ${support} rows holding ${beta} (${share.toFixed(3)} > h = ${levels.h})`;
}

/** The moles of a search in words, tokens read through `token`. */
export function moleProblems(
  moles: readonly MoleList[],
  token: (id: number) => string,
  levels: CoherenceLevels,
): string[] {
  const problems: string[] = [];
  for (const list of moles)
    for (let i = 0; i < list.count; i++) {
      const breach = list.breachItem.get(i);
      problems.push(
        describeMole(
          Array.from(list.moleItems(i), token),
          list.support.get(i),
          breach === SMALL_COHORT ? null : token(breach),
          list.breachSupport.get(i),
          levels,
        ),
      );
    }
  return problems;
}

export function verifyCoherence(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: RowsAudit,
): Verification {
  const problems: string[] = [];
  const levels = coherenceLevels(release.params);
  if (Array.isArray(levels)) problems.push(...levels);
  const rows = release.transactions;
  const n = rowCount(rows);
  if (audit.rowOf.length !== n || n !== dataset.n)
    problems.push(`the release has ${n} rows, the audit ${audit.rowOf.length}, the input ${dataset.n}`);
  const partition = checkPartition(dataset.n, audit.rowOf);
  problems.push(...partition);
  const isPrivateInput = new Uint8Array(dataset.d);
  for (const token of release.sensitive) {
    const id = dataset.dictionary.find(token);
    if (id === undefined) problems.push(`private item ${token} is no item of the input`);
    else isPrivateInput[id] = 1;
  }
  const published = publishedDataset(dataset, rows);
  const known = (t: string) => dataset.dictionary.find(t) !== undefined;
  const badRows = new ProblemList();
  // kept[id] / dropped[id]: some published row keeps / drops the input item id.
  const kept = new Uint8Array(dataset.d);
  const dropped = new Uint8Array(dataset.d);
  for (let q = 0; q < n; q++) {
    const ids = published.row(q);
    if (ids.length !== rowLength(rows, q) || (ids.length > 0 && ids[ids.length - 1] >= dataset.d)) {
      badRows.add(
        `published row ${q + 1} ${rowProblem(rowTokens(rows, q), known) ?? 'is not a set of input items'}`,
      );
      continue;
    }
    const r = audit.rowOf[q];
    if (r === undefined || r >= dataset.n) continue;
    const problem = suppressionProblem(dataset.row(r), ids, isPrivateInput, kept, dropped);
    if (problem)
      badRows.add(
        `published row ${q + 1} (input row ${r}) ${problem(dataset.dictionary.token.bind(dataset.dictionary))}`,
      );
  }
  problems.push(...badRows.list());
  const partial = new ProblemList(5, 'more items like it');
  for (let id = 0; id < dataset.d; id++)
    if (kept[id] === 1 && dropped[id] === 1)
      partial.add(
        `item ${dataset.dictionary.token(id)} is suppressed from some rows and published in others`,
      );
  problems.push(...partial.list());
  if (!Array.isArray(levels) && badRows.size === 0) {
    const isPrivate = new Uint8Array(published.d);
    isPrivate.set(isPrivateInput);
    const search = findMinimalMoles(
      { offsets: published.offsets, ids: published.items, d: published.d, isPrivate },
      levels,
      5,
    );
    const token = (id: number) => published.dictionary.token(id);
    problems.push(...moleProblems(search.moles, token, levels).map((m) => `not (h,k,p)-coherent: ${m}`));
    if (search.stopped) problems.push('… the search stopped at these moles (there may be more)');
  }
  return { verified: problems.length === 0, partitionComplete: partition.length === 0, problems };
}

/**
 * Whether a published row is its input row less public items (both ascending id lists); marks the
 * items it keeps and drops. The problem, worded with the items' tokens, or null.
 */
function suppressionProblem(
  input: ArrayLike<number>,
  published: ArrayLike<number>,
  isPrivate: Uint8Array,
  kept: Uint8Array,
  dropped: Uint8Array,
): ((token: (id: number) => string) => string) | null {
  let j = 0;
  for (let i = 0; i < input.length; i++) {
    const id = input[i];
    if (j < published.length && published[j] < id) {
      const added = published[j];
      return (token) => `holds ${token(added)}, which its input row does not hold`;
    }
    if (j < published.length && published[j] === id) {
      kept[id] = 1;
      j++;
    } else if (isPrivate[id] === 1) return (token) => `drops private item ${token(id)}`;
    else dropped[id] = 1;
  }
  if (j < published.length) {
    const added = published[j];
    return (token) => `holds ${token(added)}, which its input row does not hold`;
  }
  return null;
}
