/**
 * Publishing equivalence classes as a `transactions` release (PTA Alg. 3, PatternKa eq. 12): every
 * member row is published as its class's centre; rows are shuffled within each class (DESIGN.md
 * sec. 4) and the audit records the input row of each published row. `publishClasses` takes the
 * centres as tokens (saved rules applied to a new batch, whose items may differ).
 * Classes with the same centre are published as one block (a reader cannot tell them apart: the
 * verifier counts identical rows), at the place of the first, and a block's rows are shuffled
 * from input order: the release depends only on which rows each centre took, so the run's rules
 * applied to its own input (check/applyRules.ts) publish it again byte for byte.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import type { ReleaseHeader, RowsAudit, TransactionsRelease } from '../../release/types.ts';
import { rowKey } from '../../release/verifyTransactions.ts';

export interface PublishedClass {
  /** Item ids of the centre. */
  center: readonly number[];
  /** Input rows of the class. */
  members: readonly number[];
}

export function classesRelease(
  header: ReleaseHeader,
  dataset: Dataset,
  classes: Iterable<PublishedClass>,
  rng: Rng,
): { release: TransactionsRelease; audit: RowsAudit } {
  const byTokens = [...classes].map((c) => ({
    center: c.center.map((id) => dataset.dictionary.token(id)),
    members: c.members,
  }));
  return publishClasses(header, byTokens, rng);
}

export function publishClasses(
  header: ReleaseHeader,
  classes: Iterable<{ center: readonly string[]; members: readonly number[] }>,
  rng: Rng,
): { release: TransactionsRelease; audit: RowsAudit } {
  const blocks = new Map<string, { center: readonly string[]; members: number[] }>();
  for (const c of classes) {
    const key = rowKey(c.center);
    const block = blocks.get(key) ?? blocks.set(key, { center: c.center, members: [] }).get(key)!;
    for (const r of c.members) block.members.push(r);
  }
  const transactions: string[][] = [];
  const rowOf: number[] = [];
  for (const block of blocks.values()) {
    const tokens = [...block.center];
    for (const r of rng.shuffle(block.members.sort((a, b) => a - b))) {
      transactions.push(tokens);
      rowOf.push(r);
    }
  }
  return { release: { ...header, kind: 'transactions', transactions }, audit: { rowOf } };
}
