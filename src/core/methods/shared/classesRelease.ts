/**
 * Publishing equivalence classes as a `transactions` release (PTA Alg. 3, PatternKa eq. 12): every
 * member row is published as its class's centre; rows are shuffled within each class (DESIGN.md
 * sec. 4) and the audit records the input row of each published row. `publishClasses` takes the
 * centres as tokens (saved rules applied to a new batch, whose items may differ). The rows are
 * typed (release/tokenRows.ts): a centre's ids once per member, sized before they are filled.
 * Classes with the same centre are published as one block (a reader cannot tell them apart: the
 * verifier counts identical rows), at the place of the first, and a block's rows are shuffled
 * from input order: the release depends only on which rows each centre took, so the run's rules
 * applied to its own input (check/applyRules.ts) publish it again byte for byte.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import { TokenRowsBuilder } from '../../release/tokenRows.ts';
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
  return publishRows(header, dataset.dictionary.tokens, [...classes], rng);
}

export function publishClasses(
  header: ReleaseHeader,
  classes: Iterable<{ center: readonly string[]; members: readonly number[] }>,
  rng: Rng,
): { release: TransactionsRelease; audit: RowsAudit } {
  const tokens: string[] = [];
  const idOf = new Map<string, number>();
  const byIds = [...classes].map((c) => ({
    center: c.center.map((t) => idOf.get(t) ?? idOf.set(t, tokens.push(t) - 1).get(t)!),
    members: c.members,
  }));
  return publishRows(header, tokens, byIds, rng);
}

function publishRows(
  header: ReleaseHeader,
  tokens: readonly string[],
  classes: readonly PublishedClass[],
  rng: Rng,
): { release: TransactionsRelease; audit: RowsAudit } {
  let rows = 0;
  let items = 0;
  for (const c of classes) {
    rows += c.members.length;
    items += c.members.length * c.center.length;
  }
  const transactions = new TokenRowsBuilder(tokens, items, rows);
  const rowOf = new Uint32Array(rows);
  let p = 0;
  for (const c of sameCentreBlocks(classes))
    for (const r of rng.shuffle(c.members)) {
      transactions.addIds(c.center);
      rowOf[p++] = r;
    }
  return {
    release: { ...header, kind: 'transactions', transactions: transactions.build() },
    audit: { rowOf },
  };
}

/** The classes with one centre (as a set of ids) merged into one block, members in input order. */
function sameCentreBlocks(
  classes: readonly PublishedClass[],
): { center: readonly number[]; members: number[] }[] {
  const blocks = new Map<string, { center: readonly number[]; members: number[] }>();
  for (const c of classes) {
    const key = Uint32Array.from(c.center).sort().join(',');
    const block = blocks.get(key) ?? blocks.set(key, { center: c.center, members: [] }).get(key)!;
    for (const r of c.members) block.members.push(r);
  }
  return [...blocks.values()].map((b) => ({ center: b.center, members: b.members.sort((x, y) => x - y) }));
}
