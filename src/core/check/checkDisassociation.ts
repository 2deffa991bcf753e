/**
 * Disassociation's check of a dataset as it stands (DESIGN.md sec. 8; Terrovitis et al., PVLDB
 * 2012, Sec. 3): published as it is, nothing is split, so the input reads as one cluster of all its
 * rows with a single record chunk over every item (each non-empty row its own sub-record, in input
 * order) and an empty term chunk. That is the disassociated release the input already is; it holds
 * when its one chunk is k^m-anonymous (and the input has k rows), the verifier of every
 * disassociated release says so, and the level it offers is the k^m-anonymity's: the fewest rows
 * holding an itemset of up to m items that occurs (at most the number of rows).
 */
import type { Dataset } from '../data/dataset.ts';
import type { DisassociatedRelease } from '../release/disassociated.ts';
import { idRowsOf, tokenRowsOf } from '../release/tokenRows.ts';
import { itemsetCounts } from '../release/verifyGeneralized.ts';
import { verifyDisassociated } from '../release/verifyDisassociated.ts';
import type { CheckResult } from './types.ts';

export function checkDisassociation(dataset: Dataset, k: number, m: number): CheckResult {
  const rows = Array.from({ length: dataset.n }, (_, r) => dataset.rowTokens(r));
  const held = rows.map((_, r) => r).filter((r) => rows[r].length > 0);
  const release: DisassociatedRelease = {
    format: 'txanon-release/1',
    model: 'disassociation',
    method: 'check',
    params: { k, m, safe: false },
    seed: 0,
    sensitive: [],
    kind: 'disassociated',
    clusters: {
      rows: Uint32Array.of(dataset.n),
      chunkStart: Uint32Array.of(0, 1),
      chunkItems: tokenRowsOf([dataset.dictionary.tokens], dataset.dictionary.tokens),
      subStart: Uint32Array.of(0, held.length),
      subrecords: tokenRowsOf(
        held.map((r) => rows[r]),
        dataset.dictionary.tokens,
      ),
      termChunks: tokenRowsOf([[]], dataset.dictionary.tokens),
    },
  };
  const verification = verifyDisassociated(dataset, release, {
    clusters: idRowsOf([rows.map((_, r) => r)]),
    subrecordOf: Uint32Array.from(held),
  });
  let offered = dataset.n;
  for (const count of itemsetCounts(rows, m).values()) offered = Math.min(offered, count);
  return {
    model: 'disassociation',
    holds: verification.verified,
    offered,
    problems: verification.problems,
    reading: `The input as one cluster of all ${dataset.n} rows, not split: one record chunk over every item, each row its own sub-record (every itemset of up to ${m} items that occurs).`,
  };
}
