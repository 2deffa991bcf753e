/**
 * How the attacks read each release kind, one line a kind. A new kind (e.g. `disassociated`,
 * DESIGN.md sec. 8) plugs in with one file exporting a KindReader (types.ts: its `view` of the
 * candidates left by some known items, the scorer's `unitOfRows` from its audit, optionally its
 * `secrets` and its membership `statistic`) and one line here; identity.ts, inference.ts and
 * membership.ts read only the reader.
 */
import type { Release, ReleaseKind } from '../../release/types.ts';
import { bucketsReader } from './buckets.ts';
import { generalizedReader } from './generalized.ts';
import { groupsReader } from './groups.ts';
import { itemsetsReader } from './itemsets.ts';
import { transactionsReader } from './transactions.ts';
import { disassociatedReader } from './disassociated.ts';
import type { KindReader } from './types.ts';

const READERS: readonly KindReader<never>[] = [
  transactionsReader,
  generalizedReader,
  groupsReader,
  bucketsReader,
  itemsetsReader,
  disassociatedReader,
];

/** The reader of `kind`; an error names the kinds there are. */
export function kindReader(kind: ReleaseKind): KindReader<Release> {
  const reader = READERS.find((r) => r.kind === kind);
  if (!reader)
    throw new Error(
      `no attack reads a '${kind}' release (readers: ${READERS.map((r) => r.kind).join(', ')})`,
    );
  return reader as unknown as KindReader<Release>;
}
