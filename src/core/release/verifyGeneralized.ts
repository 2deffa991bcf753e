/**
 * Verifier of `generalized` releases (COAT, Apriori k^m): the audit covers every input row once
 * (as many published rows as audit rows as input rows); the mapping is one (each generalized item
 * stands for input items, none in two, none also suppressed); each published row is its input row
 * under the mapping (generalized labels for their items, suppressed items gone), naming each item
 * once; no generalized item crosses a utility constraint (audit.utility, when given) and at most
 * s% of the items are suppressed; and the guarantee holds: in k^m mode
 * (params.m > 0) every itemset of up to m published items that occurs occurs in >= k rows; with
 * privacy constraints (audit.constraints) each one is satisfied per COAT Def. 3.4.
 */
import type { Dataset } from '../data/dataset.ts';
import { checkPartition } from './partition.ts';
import { hasRareItemsetInRows } from './rareItemsets.ts';
import { publishedDataset } from './publishedRows.ts';
import { ProblemList, rowProblem } from './rowChecks.ts';
import { sortDistinct } from '../data/sortPrefix.ts';
import type { GeneralizedAudit, GeneralizedRelease, Verification } from './types.ts';
import { ItemRows } from '../data/itemRows.ts';
import { itemsText } from '../base/format.ts';
import { rowCount, rowLength, rowTokens, tokenArrays } from './tokenRows.ts';

export function verifyGeneralized(
  dataset: Dataset,
  release: GeneralizedRelease,
  audit: GeneralizedAudit,
): Verification {
  const problems: string[] = [];
  const k = Number(release.params.k);
  const m = Number(release.params.m ?? 0);
  if (!Number.isInteger(k) || k < 1)
    problems.push(`release params.k must be a positive integer, got ${release.params.k}`);
  if (!Number.isInteger(m) || m < 0)
    problems.push(`release params.m must be an integer >= 0, got ${release.params.m}`);
  const rows = release.transactions;
  const n = rowCount(rows);
  if (audit.rowOf.length !== n || n !== dataset.n)
    problems.push(`the release has ${n} rows, the audit ${audit.rowOf.length}, the input ${dataset.n}`);
  const partition = checkPartition(dataset.n, audit.rowOf);
  problems.push(...partition);
  const isInput = (t: string) => dataset.dictionary.find(t) !== undefined;
  problems.push(...mappingProblems(release, isInput));
  const labelOf = new Map<string, string>();
  for (const [label, items] of Object.entries(release.generalized))
    for (const t of items) labelOf.set(t, label);
  const suppressed = new Set(release.suppressed);
  const published = publishedDataset(dataset, rows);
  const expectedRow = expectedRows(dataset, published, labelOf, suppressed);
  const known = knownIds(dataset, published, release, labelOf, suppressed);
  const badRows = new ProblemList();
  for (let p = 0; p < n; p++) {
    // Read as ids (sorted, repeats collapsed): a row that lost a token to a repeat, or names a
    // token that is no input item and no label, is spelled out token by token.
    if (rowLength(rows, p) !== published.rowLength(p) || !allKnown(published.row(p), known)) {
      const problem = rowProblem(rowTokens(rows, p), (t) => known[published.dictionary.find(t)!] === 1);
      badRows.add(`published row ${p + 1} ${problem ?? 'differs from its items read as ids'}`);
      continue;
    }
    const r = audit.rowOf[p];
    if (r >= dataset.n) continue;
    if (!sameIds(expectedRow(r), published.row(p)))
      badRows.add(`published row ${p + 1} is not input row ${r} under the mapping`);
  }
  problems.push(...badRows.list());
  if (audit.utility) {
    const utilityOf = new Map<string, number>();
    audit.utility.forEach((u, i) => u.forEach((t) => utilityOf.set(t, i)));
    for (const [label, items] of Object.entries(release.generalized)) {
      if (new Set(items.map((t) => utilityOf.get(t))).size > 1)
        problems.push(`generalized item ${label} crosses utility constraints`);
    }
  }
  const s = Number(release.params.s ?? 100);
  if (release.suppressed.length * 100 > s * dataset.d)
    problems.push(`${release.suppressed.length} of ${dataset.d} items suppressed, above s = ${s}%`);
  if (m > 0) {
    // Counted over ids first (rareItemsets.ts); only a release that fails is counted again by
    // token, to name the worst offenders first: the rarest itemsets.
    const rare =
      Number.isInteger(m) && !hasRareItemsetInRows(published.offsets, published.items, published.d, m, k)
        ? []
        : [...itemsetCounts(tokenArrays(rows), m)].filter(([, c]) => c < k).sort((a, b) => a[1] - b[1]);
    for (const [key, c] of rare.slice(0, 5))
      problems.push(`itemset {${itemsText(key.split('\u0000'))}} occurs in ${c} rows, fewer than k = ${k}`);
    if (rare.length > 5) problems.push(`… and ${rare.length - 5} more itemsets rarer than k`);
  } else if (audit.constraints) {
    const index = ItemRows.of(published);
    const support = (itemset: readonly string[]) => {
      const ids = itemset.map((t) => published.dictionary.find(t) ?? -1);
      return ids.includes(-1) ? 0 : index.countRowsContaining(ids);
    };
    audit.constraints.forEach((constraint, i) => {
      const itemset = [
        ...new Set(constraint.filter((t) => !suppressed.has(t)).map((t) => labelOf.get(t) ?? t)),
      ];
      if (!satisfiedDef34(itemset, k, support))
        problems.push(`privacy constraint ${i + 1} {${constraint.join(', ')}} is not satisfied (Def. 3.4)`);
    });
  } else problems.push('neither params.m > 0 nor audit.constraints: nothing to verify the release against');
  return {
    verified: problems.length === 0,
    partitionComplete: partition.length === 0,
    problems: problems.slice(0, 20),
  };
}

/**
 * Input row r as the release should publish it, as published ids (publishedRows.ts: an input
 * item keeps its id, a label has the id the published rows gave it): the distinct ids its items
 * map to (a label, the item itself, or nothing when suppressed), ascending. A label no published
 * row names gets an id no row holds. The returned array is scratch, valid until the next call.
 */
function expectedRows(
  dataset: Dataset,
  published: Dataset,
  labelOf: ReadonlyMap<string, string>,
  suppressed: ReadonlySet<string>,
): (r: number) => Uint32Array {
  const unnamed = new Map<string, number>();
  const idOfLabel = (label: string) =>
    published.dictionary.find(label) ??
    unnamed.get(label) ??
    unnamed.set(label, published.d + unnamed.size).get(label)!;
  const targetOf = Int32Array.from(dataset.dictionary.tokens, (t, id) => {
    if (suppressed.has(t)) return -1;
    const label = labelOf.get(t);
    return label === undefined ? id : idOfLabel(label);
  });
  let out = new Uint32Array(64);
  const { offsets, items } = dataset;
  return (r) => {
    if (offsets[r + 1] - offsets[r] > out.length) out = new Uint32Array(2 * (offsets[r + 1] - offsets[r]));
    let length = 0;
    for (let k = offsets[r]; k < offsets[r + 1]; k++)
      if (targetOf[items[k]] >= 0) out[length++] = targetOf[items[k]];
    return out.subarray(0, sortDistinct(out, length));
  };
}

/**
 * Per published id, 1 when its token may appear in a published row: an input item neither
 * generalized nor suppressed, or a generalized item's label.
 */
function knownIds(
  dataset: Dataset,
  published: Dataset,
  release: GeneralizedRelease,
  labelOf: ReadonlyMap<string, string>,
  suppressed: ReadonlySet<string>,
): Uint8Array {
  return Uint8Array.from(published.dictionary.tokens, (t, id) =>
    (id < dataset.d && !labelOf.has(t) && !suppressed.has(t)) || Object.hasOwn(release.generalized, t)
      ? 1
      : 0,
  );
}

function allKnown(ids: Uint32Array, known: Uint8Array): boolean {
  for (let i = 0; i < ids.length; i++) if (known[ids[i]] === 0) return false;
  return true;
}

function sameIds(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The mapping itself: every generalized item stands for input items, at least one, each in one
 * generalized item at most and never also suppressed; suppressed items are input items, once.
 */
function mappingProblems(release: GeneralizedRelease, isInput: (t: string) => boolean): string[] {
  const problems = new ProblemList(5, 'more mapping problems');
  const placed = new Map<string, string>();
  for (const [label, items] of Object.entries(release.generalized)) {
    if (items.length === 0) problems.add(`generalized item ${label} stands for no item`);
    for (const t of items) {
      if (!isInput(t)) problems.add(`generalized item ${label} names ${t}, which is no item of the input`);
      const other = placed.get(t);
      if (other !== undefined) problems.add(`item ${t} is generalized both to ${other} and to ${label}`);
      placed.set(t, label);
    }
  }
  const seen = new Set<string>();
  for (const t of release.suppressed) {
    if (!isInput(t)) problems.add(`suppressed item ${t} is no item of the input`);
    if (placed.has(t)) problems.add(`item ${t} is both suppressed and generalized to ${placed.get(t)}`);
    if (seen.has(t)) problems.add(`suppressed item ${t} is listed twice`);
    seen.add(t);
  }
  return problems.list();
}

/**
 * How many rows hold each itemset of 1..m items that occurs (keys: tokens sorted, joined by NUL).
 * k^m-anonymity (Terrovitis et al.) asks every count to be at least k.
 */
export function itemsetCounts(rows: readonly (readonly string[])[], m: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const items = [...new Set(row)].sort();
    forSubsets(items, m, (subset) => {
      const key = subset.join('\u0000');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  }
  return counts;
}

/** COAT Def. 3.4 on published rows. */
function satisfiedDef34(itemset: string[], k: number, support: (s: readonly string[]) => number): boolean {
  if (itemset.length === 0) return true;
  const s = support(itemset);
  if (s >= k) return true;
  if (s > 0 || itemset.length > 12) return false;
  for (let mask = 1; mask < (1 << itemset.length) - 1; mask++) {
    const sub = support(itemset.filter((_, i) => mask & (1 << i)));
    if (sub > 0 && sub < k) return false;
  }
  return true;
}

/** Every non-empty subset of `items` with at most `m` elements. */
function forSubsets(items: string[], m: number, visit: (subset: string[]) => void): void {
  const chosen: string[] = [];
  const walk = (start: number) => {
    if (chosen.length > 0) visit(chosen);
    if (chosen.length === m) return;
    for (let i = start; i < items.length; i++) {
      chosen.push(items[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
}
