/**
 * Applies saved rules (core/run/rules.ts, DESIGN.md sec. 7) to a batch of the same shape and checks
 * the outcome with the verifier of its release kind (DESIGN.md sec. 4), naming the offenders: a new
 * batch may not keep the guarantee, and the answer says so.
 * - `generalized` rules: every item the rules know is kept, generalized to its label or suppressed
 *   as before; an item new to the batch takes the label of the node of the cut above it when the
 *   rules carry a hierarchy that has it, and is otherwise suppressed (`newItems: 'keep'` keeps it:
 *   the check then tells whether that was safe). Rows are shuffled with the rules' seed, as the run
 *   shuffled them, so the rules applied to the run's input give the release byte for byte.
 * - `transactions` rules: each row takes the class its fingerprint took in the run, else joins a
 *   class by the rules' join rule (nearest centre, or the longest centre it holds); it is published
 *   as that class's centre.
 */
import { InputError } from '../base/errors.ts';
import { createRng } from '../base/rng.ts';
import type { Dataset } from '../data/dataset.ts';
import { ancestorsOf, nodeIndex } from '../data/hierarchy/hierarchy.ts';
import { parseHierarchy } from '../data/hierarchy/parseHierarchy.ts';
import { publishClasses } from '../methods/shared/classesRelease.ts';
import { mappedRows } from '../methods/shared/mappedRows.ts';
import { tokenArrays } from '../release/tokenRows.ts';
import type { GeneralizedRelease, ReleaseHeader, RowsAudit, TransactionsRelease } from '../release/types.ts';
import { itemsetCounts, verifyGeneralized } from '../release/verifyGeneralized.ts';
import { verifyTransactions } from '../release/verifyTransactions.ts';
import { fingerprinter, type GeneralizedRules, type Rules, type TransactionsRules } from '../run/rules.ts';

export interface ApplyOptions {
  /** What becomes of an item the rules do not know (and no hierarchy node covers). */
  newItems?: 'suppress' | 'keep';
  /**
   * k-anonymity rules: the key of their fingerprints (the run's audit, `rulesKey`). Without it no row
   * is recognised as seen: every row joins by the join rule.
   */
  key?: string;
}

export interface AppliedCheck {
  /** The guarantee checked, in words. */
  guarantee: string;
  holds: boolean;
  /** The level the outcome offers (least class size or itemset support); null: nothing to link. */
  offered: number | null;
  /** The verifier's findings, the worst offenders first. */
  problems: string[];
}

export interface ApplyReport {
  rows: number;
  /** Items of the batch by what became of them. */
  kept: number;
  generalized: number;
  suppressed: number;
  /** Items of the batch the rules do not know, and what became of them. */
  newItems: number;
  newByHierarchy: number;
  newSuppressed: number;
  newExamples: string[];
  /** transactions rules: rows that took the class their fingerprint took before, and rows joined. */
  seenRows?: number;
  joinedRows?: number;
  /**
   * transactions rules: rows published with items they do not hold (their class's centre holds
   * them): by design, no disclosure (the check leaves them out), a loss of accuracy only.
   */
  rowsGainingItems?: number;
  /** transactions rules applied without the key of their fingerprints: no row could be recognised. */
  keyMissing?: boolean;
}

export interface AppliedRules {
  release: GeneralizedRelease | TransactionsRelease;
  audit: RowsAudit;
  check: AppliedCheck;
  report: ApplyReport;
}

export function applyRules(dataset: Dataset, rules: Rules, options: ApplyOptions = {}): AppliedRules {
  return rules.kind === 'generalized'
    ? applyGeneralized(dataset, rules, options)
    : applyTransactions(dataset, rules, options.key);
}

function headerOf(rules: Rules, params: ReleaseHeader['params']): ReleaseHeader {
  return {
    format: 'txanon-release/1',
    model: rules.model,
    method: rules.method,
    params,
    seed: rules.seed,
    sensitive: [],
  };
}

function applyGeneralized(dataset: Dataset, rules: GeneralizedRules, options: ApplyOptions): AppliedRules {
  const known = new Map<string, string | null>();
  for (const t of rules.kept) known.set(t, t);
  for (const t of rules.suppressed) known.set(t, null);
  for (const [label, items] of Object.entries(rules.generalized)) for (const t of items) known.set(t, label);
  const labels = new Set(Object.keys(rules.generalized));
  const hierarchy = rules.hierarchy ? parseHierarchy(rules.hierarchy, "the rules' hierarchy") : null;
  const index = hierarchy ? nodeIndex(hierarchy) : null;
  /** The label of the cut's node over a new item, when the hierarchy has the item. */
  const byHierarchy = (token: string): string | null => {
    const node = index?.get(token);
    if (!hierarchy || node === undefined || node >= hierarchy.items) return null;
    for (const a of ancestorsOf(hierarchy, node))
      if (labels.has(hierarchy.labels[a])) return hierarchy.labels[a];
    return null;
  };
  const report: ApplyReport = {
    rows: dataset.n,
    kept: 0,
    generalized: 0,
    suppressed: 0,
    newItems: 0,
    newByHierarchy: 0,
    newSuppressed: 0,
    newExamples: [],
  };
  const labelOf = dataset.dictionary.tokens.map((token) => {
    let label = known.get(token);
    if (label === undefined) {
      report.newItems++;
      if (report.newExamples.length < 10) report.newExamples.push(token);
      label = byHierarchy(token);
      if (label !== null) report.newByHierarchy++;
      // Kept only when asked, and never when it would read as one of the labels.
      else if (options.newItems === 'keep' && !labels.has(token)) label = token;
      else report.newSuppressed++;
    }
    if (label === null) report.suppressed++;
    else if (label === token) report.kept++;
    else report.generalized++;
    return label;
  });
  const { rowOf, transactions } = mappedRows(dataset, (item) => labelOf[item], createRng(rules.seed));
  // The labels and their known items in the rules' order (the release's), new items after.
  const inBatch = new Set(dataset.dictionary.tokens);
  const generalized: Record<string, string[]> = {};
  for (const [label, items] of Object.entries(rules.generalized)) {
    const present = items.filter((t) => inBatch.has(t));
    if (present.length > 0) generalized[label] = present;
  }
  labelOf.forEach((label, item) => {
    const token = dataset.dictionary.token(item);
    if (label !== null && labels.has(label) && !known.has(token)) (generalized[label] ??= []).push(token);
  });
  const { k, m } = rules.params;
  const release: GeneralizedRelease = {
    ...headerOf(rules, m === undefined ? { k } : { k, m }),
    kind: 'generalized',
    generalized,
    suppressed: dataset.dictionary.tokens.filter((_, item) => labelOf[item] === null),
    transactions,
  };
  const audit = { rowOf, ...(rules.constraints && { constraints: rules.constraints }) };
  const verification = verifyGeneralized(dataset, release, audit);
  const mValue = Number(m ?? 0);
  let offered: number | null = null;
  if (mValue > 0) {
    for (const count of itemsetCounts(tokenArrays(transactions), mValue).values())
      offered = Math.min(offered ?? count, count);
  }
  return {
    release,
    audit: { rowOf },
    check: {
      guarantee:
        mValue > 0
          ? `k^m-anonymity, k = ${k}, m = ${m}: every itemset of up to ${m} published items occurs in at least ${k} rows`
          : `COAT's ${rules.constraints?.length ?? 0} privacy constraints with k = ${k} (Def. 3.4)`,
      holds: verification.verified,
      offered,
      problems: verification.problems,
    },
    report,
  };
}

function applyTransactions(dataset: Dataset, rules: TransactionsRules, key?: string): AppliedRules {
  const fingerprint = fingerprinter(rules, key);
  const quota = new Map<string, [number, number][]>();
  for (const [fingerprint, c, rows] of rules.seen) {
    const list = quota.get(fingerprint) ?? [];
    quota.set(fingerprint, list);
    list.push([c, rows]);
  }
  const join = joiner(rules);
  const members: number[][] = rules.classes.map(() => []);
  const knownItems = new Set([...rules.kept, ...rules.suppressed]);
  const newItems = dataset.dictionary.tokens.filter((t) => !knownItems.has(t));
  let seenRows = 0;
  for (let r = 0; r < dataset.n; r++) {
    const tokens = dataset.rowTokens(r);
    const taken = fingerprint ? quota.get(fingerprint(tokens))?.find((entry) => entry[1] > 0) : undefined;
    let c: number;
    if (taken) {
      taken[1]--;
      c = taken[0];
      seenRows++;
    } else c = join(tokens);
    members[c].push(r);
  }
  const classes = rules.classes.map((cls, c) => ({ center: cls.items, members: members[c] }));
  const k = rules.params.k;
  const { release, audit } = publishClasses(headerOf(rules, { k }), classes, createRng(rules.seed));
  // A row published as its class's centre may gain items: by design, not an offender.
  const verification = verifyTransactions(dataset, release, audit, { centresFromRules: true });
  const sizes = members.map((m) => m.length).filter((size) => size > 0);
  const published = new Set(rules.classes.flatMap((c) => c.items));
  const items = dataset.dictionary.tokens;
  return {
    release,
    audit,
    check: {
      guarantee: `k-anonymity, k = ${k}: every published row occurs at least ${k} times`,
      holds: verification.verified,
      offered: sizes.length > 0 ? Math.min(...sizes) : null,
      problems: verification.problems,
    },
    report: {
      rows: dataset.n,
      kept: items.filter((t) => published.has(t)).length,
      generalized: 0,
      suppressed: items.filter((t) => !published.has(t)).length,
      newItems: newItems.length,
      newByHierarchy: 0,
      newSuppressed: newItems.filter((t) => !published.has(t)).length,
      newExamples: newItems.slice(0, 10),
      seenRows,
      joinedRows: dataset.n - seenRows,
      rowsGainingItems: rowsGainingItems(dataset, classes),
      ...(fingerprint === null && rules.seen.length > 0 && { keyMissing: true }),
    },
  };
}

/** Rows whose class's centre holds an item the row does not hold. */
function rowsGainingItems(
  dataset: Dataset,
  classes: { center: readonly string[]; members: number[] }[],
): number {
  let gaining = 0;
  for (const { center, members } of classes) {
    const ids = center.map((t) => dataset.dictionary.find(t));
    for (const r of members) {
      const row = new Set(dataset.row(r));
      if (ids.some((id) => id === undefined || !row.has(id))) gaining++;
    }
  }
  return gaining;
}

/**
 * The class a row the run did not see joins (rules.ts): the nearest centre (least items added and
 * removed) or the longest centre the row holds, ties to the larger class, then the first. Common
 * items are counted through an index from items to the centres holding them, so a row costs the
 * centres it shares an item with, not all of them.
 */
function joiner(rules: TransactionsRules): (tokens: string[]) => number {
  const { classes } = rules;
  if (classes.length === 0) throw new InputError('the rules publish no class for rows to join');
  const holding = new Map<string, number[]>();
  classes.forEach((c, i) => {
    for (const t of c.items) (holding.get(t) ?? holding.set(t, []).get(t)!).push(i);
  });
  /** a better than b: a lower score, then more rows, then first. */
  const better = (a: number, scoreA: number, b: number, scoreB: number) =>
    b < 0 ||
    scoreA < scoreB ||
    (scoreA === scoreB &&
      (classes[a].rows > classes[b].rows || (classes[a].rows === classes[b].rows && a < b)));
  // Among the centres a row shares nothing with, the nearest is the smallest one.
  let smallest = -1;
  classes.forEach((c, i) => {
    if (better(i, c.items.length, smallest, smallest < 0 ? 0 : classes[smallest].items.length)) smallest = i;
  });
  return (tokens) => {
    const common = new Map<number, number>();
    for (const t of new Set(tokens))
      for (const c of holding.get(t) ?? []) common.set(c, (common.get(c) ?? 0) + 1);
    const distance = (c: number) => tokens.length + classes[c].items.length - 2 * (common.get(c) ?? 0);
    if (rules.join === 'longest-held') {
      let best = -1;
      // Held centres: all their items common (an empty centre is held by every row).
      const held = [...common.keys()].filter((c) => common.get(c) === classes[c].items.length);
      if (smallest >= 0 && classes[smallest].items.length === 0) held.push(smallest);
      for (const c of held)
        if (better(c, -classes[c].items.length, best, best < 0 ? 0 : -classes[best].items.length)) best = c;
      if (best >= 0) return best;
    }
    let best = smallest;
    for (const c of common.keys()) if (better(c, distance(c), best, distance(best))) best = c;
    return best;
  };
}
