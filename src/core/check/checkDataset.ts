/**
 * Checks a dataset as it stands, unanonymized, against a privacy model with the same verifiers
 * every release passes (DESIGN.md sec. 4), and says the largest level it offers:
 * - k-anonymity (PTA Def. 1): the rows published as they are; classes of identical rows.
 * - k^m-anonymity (COAT Sec. 3, after Terrovitis et al.): every itemset of up to m items.
 * - disassociation (Terrovitis et al., PVLDB 2012): the input as it stands is one cluster whose
 *   rows are not split at all: one record chunk over every item, each row its own sub-record, no
 *   term chunk (checkDisassociation.ts); it holds when that chunk is k^m-anonymous.
 * - privacy degree p (Ghinita Def. 3): rows with identical QID items form a group an attacker
 *   cannot tell apart; degree(G) = min over sensitive s of |G| / f_s.
 * - l-diversity over a column split (anatomy paper Def. 5): the first column is what an attacker
 *   knows; rows with identical projections on it form a bucket, and in every bucket each other
 *   column's most frequent value may hold at most |B|/l rows.
 * - (h,k,p)-coherence (Xu et al., KDD 2008): the sensitive items are private, the rest public;
 *   every itemset of up to p public items that occurs is held by k rows, and no private item by
 *   more than a share h of them (checkCoherence.ts).
 */
import type { Dataset } from '../data/dataset.ts';
import { DatasetBuilder } from '../data/datasetBuilder.ts';
import { chooseSensitive } from '../data/sensitive.ts';
import { InputError } from '../base/errors.ts';
import { count, itemsText } from '../base/format.ts';
import type {
  BucketsRelease,
  GeneralizedRelease,
  GroupsRelease,
  ReleaseHeader,
  TransactionsRelease,
} from '../release/types.ts';
import { verifyBuckets } from '../release/verifyBuckets.ts';
import { itemsetCounts, verifyGeneralized } from '../release/verifyGeneralized.ts';
import { verifyGroups } from '../release/verifyGroups.ts';
import { rowKey, verifyTransactions } from '../release/verifyTransactions.ts';
import { columnsByAttribute, sensitiveSplit } from './columnSplit.ts';
import { releaseFromPlain, type PlainGroup } from '../release/plainRelease.ts';
import { idRowsOf, tokenRowsOf } from '../release/tokenRows.ts';
import type { CheckProgress, CheckRequest, CheckResult, OffendingGroup } from './types.ts';
import { checkCoherence } from './checkCoherence.ts';
import { checkDisassociation } from './checkDisassociation.ts';

export function checkDataset(
  dataset: Dataset,
  request: CheckRequest,
  progress: CheckProgress = () => {},
): CheckResult {
  progress('grouping');
  switch (request.model) {
    case 'k-anonymity':
      return checkKAnonymity(dataset, positiveInt(request.k, 'k'), progress);
    case 'km-anonymity':
      return checkKmAnonymity(dataset, positiveInt(request.k, 'k'), positiveInt(request.m, 'm'), progress);
    case 'disassociation':
      return checkDisassociation(dataset, positiveInt(request.k, 'k'), positiveInt(request.m, 'm'));
    case 'p-degree':
      return checkPrivacyDegree(dataset, request, progress);
    case 'hkp-coherence':
      return checkCoherence(dataset, request);
    case 'l-diversity':
      // No split given: the sensitive items against the rest, or one column per attribute name
      // (relational items read column=value).
      return checkLDiversity(
        progress,
        dataset,
        request.l,
        request.columns.length > 0
          ? request.columns
          : request.sensitive
            ? sensitiveSplit(dataset, request.sensitive, request.seed ?? 1, request.l)
            : columnsByAttribute(dataset),
        request.columns.length === 0 && request.sensitive !== undefined,
      );
  }
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new InputError(`${name} must be a positive integer, got ${value}`);
  return value;
}

function header(
  model: ReleaseHeader['model'],
  params: ReleaseHeader['params'],
  sensitive: string[] = [],
): ReleaseHeader {
  return { format: 'txanon-release/1', model, method: 'check', params, seed: 0, sensitive };
}

/** The least of many numbers (Infinity for none), without spreading them onto the stack. */
function smallest(values: Iterable<number>): number {
  let least = Infinity;
  for (const v of values) least = Math.min(least, v);
  return least;
}

function largest(values: Iterable<number>): number {
  let most = -Infinity;
  for (const v of values) most = Math.max(most, v);
  return most;
}

const allRows = (dataset: Dataset) => Array.from({ length: dataset.n }, (_, r) => dataset.rowTokens(r));
const identity = (n: number) => Uint32Array.from({ length: n }, (_, r) => r);

/** Rows grouped by a key, groups in order of first appearance. */
function classesBy(n: number, key: (r: number) => string): number[][] {
  const classes = new Map<string, number[]>();
  for (let r = 0; r < n; r++) {
    const k = key(r);
    const rows = classes.get(k) ?? [];
    classes.set(k, rows);
    rows.push(r);
  }
  return [...classes.values()];
}

function checkKAnonymity(dataset: Dataset, k: number, progress: CheckProgress): CheckResult {
  const rows = allRows(dataset);
  const release: TransactionsRelease = {
    ...header('k-anonymity', { k }),
    kind: 'transactions',
    transactions: tokenRowsOf(rows, dataset.dictionary.tokens),
  };
  progress('verifying');
  const verification = verifyTransactions(dataset, release, { rowOf: identity(dataset.n) });
  progress('measuring');
  const offered = smallest(classesBy(dataset.n, (r) => rowKey(rows[r])).map((c) => c.length));
  return {
    model: 'k-anonymity',
    holds: verification.verified,
    offered,
    problems: verification.problems,
    reading: 'Rows as published; a class is a set of identical rows.',
  };
}

function checkKmAnonymity(dataset: Dataset, k: number, m: number, progress: CheckProgress): CheckResult {
  const rows = allRows(dataset);
  const release: GeneralizedRelease = {
    ...header('km-anonymity', { k, m }),
    kind: 'generalized',
    generalized: {},
    suppressed: [],
    transactions: tokenRowsOf(rows, dataset.dictionary.tokens),
  };
  progress('verifying');
  const verification = verifyGeneralized(dataset, release, { rowOf: identity(dataset.n) });
  progress('measuring');
  const counts = [...itemsetCounts(rows, m).values()];
  return {
    model: 'km-anonymity',
    holds: verification.verified,
    offered: smallest(counts),
    problems: verification.problems,
    reading: `Every itemset of up to ${m} items that occurs in some row.`,
  };
}

function checkPrivacyDegree(
  dataset: Dataset,
  request: Extract<CheckRequest, { model: 'p-degree' }>,
  progress: CheckProgress,
): CheckResult {
  if (!(request.p >= 1)) throw new InputError(`p must be at least 1, got ${request.p}`);
  const sensitiveIds = new Set(chooseSensitive(dataset, request.sensitive, request.seed, request.p));
  if (sensitiveIds.size === 0) throw new InputError('choose at least one sensitive item');
  const sensitive = [...sensitiveIds].map((id) => dataset.dictionary.token(id));
  const qidTokens = (r: number) =>
    [...dataset.row(r)].filter((id) => !sensitiveIds.has(id)).map((id) => dataset.dictionary.token(id));
  const classes = classesBy(dataset.n, (r) => rowKey(qidTokens(r)));
  let offered = Infinity;
  const groups = classes.map((rows) => {
    const counts: Record<string, number> = {};
    for (const r of rows)
      for (const id of dataset.row(r))
        if (sensitiveIds.has(id)) {
          const token = dataset.dictionary.token(id);
          counts[token] = (counts[token] ?? 0) + 1;
        }
    for (const f of Object.values(counts)) offered = Math.min(offered, rows.length / f);
    return { qid: rows.map(qidTokens), sensitive: counts };
  });
  const release = releaseFromPlain({
    ...header('p-degree', { p: request.p }, sensitive),
    kind: 'groups',
    groups,
  }) as GroupsRelease;
  progress('verifying');
  const verification = verifyGroups(dataset, release, { groups: idRowsOf(classes) });
  progress('measuring');
  return {
    model: 'p-degree',
    holds: verification.verified,
    offered,
    problems: verification.problems,
    reading: `Sensitive: ${sensitive.join(', ')}; rows with identical QID items form a group.`,
    offendingGroups: offendingGroups(groups, request.p),
  };
}

/** The groups of degree below p, lowest first, with the QID items they share and their sensitive counts. */
function offendingGroups(groups: PlainGroup[], p: number, limit = 10): OffendingGroup[] {
  return groups
    .map((g, i) => ({
      group: i + 1,
      rows: g.qid.length,
      qid: g.qid[0] ?? [],
      sensitive: g.sensitive,
      degree: smallest(Object.values(g.sensitive).map((f) => g.qid.length / f)),
    }))
    .filter((g) => g.degree < p)
    .sort((a, b) => a.degree - b.degree || b.rows - a.rows)
    .slice(0, limit);
}

function checkLDiversity(
  progress: CheckProgress,
  dataset: Dataset,
  l: number,
  columns: string[][],
  sensitive = false,
): CheckResult {
  if (!(l >= 1)) throw new InputError(`l must be at least 1, got ${l}`);
  if (columns.length < 2)
    throw new InputError('the column split needs the known column and at least one more');
  const columnOf = new Map<string, number>();
  columns.forEach((tokens, c) => tokens.forEach((t) => columnOf.set(t, c)));
  const unplaced = dataset.dictionary.tokens.filter((t) => !columnOf.has(t));
  if (unplaced.length > 0)
    throw new InputError(
      `the column split leaves out ${unplaced.length} item(s), e.g. ${unplaced.slice(0, 5).join(', ')}`,
    );
  const projection = (r: number, c: number) => dataset.rowTokens(r).filter((t) => columnOf.get(t) === c);
  const classes = classesBy(dataset.n, (r) => rowKey(projection(r, 0)));
  // The rows without the known column: what each bucket publishes and Def. 5 counts.
  const builder = new DatasetBuilder();
  for (let r = 0; r < dataset.n; r++)
    builder.addTokens(dataset.rowTokens(r).filter((t) => columnOf.get(t) !== 0));
  const hidden = builder.build(`${dataset.name} (columns 2..${columns.length})`, dataset.format);
  // Items of the split that the data never holds are no items of `hidden`: the release leaves them out.
  const hiddenColumns = columns.slice(1).map((c) => c.filter((t) => hidden.dictionary.find(t) !== undefined));
  let offered = Infinity;
  const failing = { buckets: 0, single: 0, nothing: 0 };
  const nothing = rowKey([]);
  const buckets = classes.map((rows) => {
    const bucketColumns = hiddenColumns.map((_, c) => rows.map((r) => projection(r, c + 1)));
    let fails = false;
    let failsOnNothing = false;
    for (const values of bucketColumns) {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(rowKey(v), (counts.get(rowKey(v)) ?? 0) + 1);
      const most = largest(counts.values());
      offered = Math.min(offered, rows.length / most);
      if (most * l > rows.length) {
        fails = true;
        if ((counts.get(nothing) ?? 0) === most) failsOnNothing = true;
      }
    }
    if (fails) {
      failing.buckets++;
      if (rows.length === 1) failing.single++;
      if (failsOnNothing) failing.nothing++;
    }
    return { size: rows.length, columns: bucketColumns };
  });
  const release = releaseFromPlain({
    ...header('l-diversity', { l }),
    kind: 'buckets',
    columns: hiddenColumns,
    buckets,
  }) as BucketsRelease;
  progress('verifying');
  const verification = verifyBuckets(hidden, release, { buckets: idRowsOf(classes) });
  progress('measuring');
  return {
    model: 'l-diversity',
    holds: verification.verified,
    offered,
    // What fails, in a few sentences, before the verifier's worst buckets (thousands of buckets of
    // one row each read the same: the sentences say it once).
    problems: [
      ...bucketSummary(failing, classes.length, l),
      ...verification.problems.slice(0, 5),
      ...rest(verification.problems, 5),
    ],
    reading: `${classes.length} bucket(s) of rows alike on column 1; ${hiddenColumns.length} column(s) checked.${
      sensitive ? ` ${sensitiveColumnText(hiddenColumns[0] ?? [])}` : ''
    }`,
  };
}

/** The verifier's findings past the first `shown`, counted (its own tally line kept last). */
function rest(problems: readonly string[], shown: number): string[] {
  if (problems.length <= shown) return [];
  const tally = problems.at(-1)!;
  return tally.startsWith('…') ? [tally] : [`… and ${problems.length - shown} more`];
}

/** The failing buckets in sentences: how many, how many of one row, how many fail on "nothing". */
function bucketSummary(
  failing: { buckets: number; single: number; nothing: number },
  buckets: number,
  l: number,
): string[] {
  if (failing.buckets === 0) return [];
  const lines = [
    `${count(failing.buckets)} of ${count(buckets)} bucket(s) have a value held by more than 1/${l} of their rows (anatomy Def. 5).`,
  ];
  if (failing.single > 0)
    lines.push(
      `${count(failing.single)} of them hold one row only: no other row has the same known items (column 1), so an attacker who knows them finds the row and reads its other columns.`,
    );
  if (failing.nothing > 0)
    lines.push(
      `In ${count(failing.nothing)} of them the value held too often is "nothing" (rows holding no item of that column): an attacker learns that the person holds none of those items.`,
    );
  return lines;
}

/** The sensitive items drawn, listed (the first 30, then a count). */
function sensitiveColumnText(items: readonly string[]): string {
  const shown = itemsText(items.slice(0, 30));
  return `Sensitive items (column 2, ${items.length}): ${shown}${items.length > 30 ? `, … and ${items.length - 30} more` : ''}.`;
}
