/**
 * Publishing equivalence classes as a `transactions` release (PTA Alg. 3, PatternKa eq. 12): every
 * member row is published as its class's centre; rows are shuffled within each class (DESIGN.md
 * sec. 4) and the audit records the input row of each published row. `publishClasses` takes the
 * centres as tokens (saved rules applied to a new batch, whose items may differ).
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import type { ReleaseHeader, RowsAudit, TransactionsRelease } from '../../release/types.ts';

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
  const transactions: string[][] = [];
  const rowOf: number[] = [];
  for (const c of classes) {
    const tokens = [...c.center];
    for (const r of rng.shuffle([...c.members])) {
      transactions.push(tokens);
      rowOf.push(r);
    }
  }
  return { release: { ...header, kind: 'transactions', transactions }, audit: { rowOf } };
}
