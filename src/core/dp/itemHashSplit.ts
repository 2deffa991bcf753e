/**
 * The row-wise split of a differentially private run into disjoint parts (issue 35; McSherry,
 * "Privacy Integrated Queries", SIGMOD 2009, Thm. 4, parallel composition; dp-notes §1
 * "Composition"): a row's part is a keyed hash of its own items, HMAC-SHA-256 keyed by the run's
 * seed over the row's distinct item tokens in code-unit order, taken modulo the number of parts.
 *
 * Why this split and no other: parallel composition says that mechanisms M_1..M_N, each ε-DP, run
 * on the parts D ∩ S_1, ..., D ∩ S_N of a partition fixed before the data are seen, are together
 * ε-DP (the largest of their ε's), because adding or removing one record changes exactly one part.
 * That holds only when a record's part depends on the record alone. The Gray split (a sort over all
 * rows) and the strided deal (by position) both move other rows between parts when one row is added
 * or removed, so one neighbour can change every part: their ledgers would have to add up. A hash of
 * the row's own items does not look at any other row, nor at its position, nor at the dataset's item
 * ids (which follow first appearance in the file): the same transaction goes to the same part in D
 * and in D ± one row. Identical rows share a part. The key (the seed, public like the number of
 * parts) only chooses which fixed partition of all possible transactions is used; the guarantee
 * needs no secret. HMAC-SHA-256 (a well-mixed keyed hash) keeps the parts near equal in size on
 * any item naming; its strength is not part of the privacy argument.
 *
 * The verifier of a merged release (release/verifyDiffPart.ts) recomputes every input row's part
 * with this same function from the key and the part count its ledger states.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Dataset } from '../data/dataset.ts';

/** The name a ledger gives this split (the only row-wise split there is). */
export const ITEM_HASH_SPLIT = 'item-hash';

/** The splits whose parts are chosen row by row, so that their ledgers compose in parallel. */
export const ROW_WISE_SPLITS: readonly string[] = [ITEM_HASH_SPLIT];

/** The HMAC key of a seed: a label (domain separation) and the seed's 4 bytes, big-endian. */
function keyOf(seed: number): Uint8Array {
  const label = utf8ToBytes('txanon item-hash split v1/');
  const key = new Uint8Array(label.length + 4);
  key.set(label);
  new DataView(key.buffer).setUint32(label.length, seed >>> 0);
  return key;
}

/** A row's bytes: its distinct tokens in code-unit order, each as its UTF-8 length (4 bytes) and bytes. */
function rowBytes(tokens: readonly string[]): Uint8Array {
  const sorted = [...new Set(tokens)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const encoded = sorted.map((t) => utf8ToBytes(t));
  const out = new Uint8Array(encoded.reduce((s, e) => s + 4 + e.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const e of encoded) {
    view.setUint32(at, e.length);
    out.set(e, at + 4);
    at += 4 + e.length;
  }
  return out;
}

/**
 * A hasher keyed once by `seed`: the part in 0..parts-1 of a row given by its tokens. The digest's
 * first 48 bits taken modulo `parts` (at most 10,000: a bias below 2^-34, which only moves sizes).
 */
export function itemHasher(seed: number, parts: number): (tokens: readonly string[]) => number {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`${parts} parts`);
  const keyed = hmac.create(sha256, keyOf(seed));
  return (tokens) => {
    if (parts === 1) return 0;
    const digest = keyed.clone().update(rowBytes(tokens)).digest();
    const high = (digest[0] << 16) | (digest[1] << 8) | digest[2];
    const low = (digest[3] << 16) | (digest[4] << 8) | digest[5];
    return (high * 2 ** 24 + low) % parts;
  };
}

/** Every row's part under the item-hash split of `seed` into `parts`. */
export function itemHashParts(dataset: Dataset, seed: number, parts: number): Uint32Array {
  const partOf = itemHasher(seed, parts);
  const tokens = dataset.dictionary.tokens;
  const out = new Uint32Array(dataset.n);
  for (let r = 0; r < dataset.n; r++) out[r] = partOf(Array.from(dataset.row(r), (id) => tokens[id]));
  return out;
}
