/**
 * The row-wise split of a differentially private run into disjoint parts (issue 35; McSherry,
 * "Privacy Integrated Queries", SIGMOD 2009, Thm. 4, parallel composition; dp-notes §1
 * "Composition"): a row's part is a keyed hash of its own items: each distinct item's HMAC-SHA-256,
 * keyed by the run's seed, over its token's UTF-8 bytes, summed over the row (two 32-bit words each,
 * modulo 2^32: a set function, blind to the items' order), the sums mixed (MurmurHash3's finalizer)
 * and taken modulo the number of parts.
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
 * needs no secret. A keyed, well-mixed hash keeps the parts near equal in size on any item naming;
 * its strength is not part of the privacy argument. Each item is hashed once per dataset (17,770
 * HMACs for the Netflix items) and a row costs one addition per item: hashing every row's sorted
 * tokens whole took 18 CPU s on 50,000 Netflix rows of 211 items.
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

/** MurmurHash3's 32-bit finalizer (a bijection that mixes every bit into every other). */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An item's two 32-bit keyed words: the first 8 bytes of HMAC-SHA-256(key, its UTF-8 bytes). */
function itemWords(keyed: ReturnType<typeof hmac.create>, token: string): [number, number] {
  const d = keyed.clone().update(utf8ToBytes(token)).digest();
  return [
    ((d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]) >>> 0,
    ((d[4] << 24) | (d[5] << 16) | (d[6] << 8) | d[7]) >>> 0,
  ];
}

/** A row's part from the sums (mod 2^32) of its distinct items' words. */
const partOfSums = (a: number, b: number, parts: number) => fmix32((a ^ fmix32(b)) >>> 0) % parts;

/**
 * A hasher keyed once by `seed`: the part in 0..parts-1 of a row given by its tokens. Each item's
 * keyed words are summed over the row's distinct items (the sum does not see their order, so no
 * sort) and the two sums mixed; the 32-bit result modulo `parts` (at most 10,000: a bias below
 * 2.4e-6, which only moves sizes).
 */
export function itemHasher(seed: number, parts: number): (tokens: readonly string[]) => number {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`${parts} parts`);
  const keyed = hmac.create(sha256, keyOf(seed));
  return (tokens) => {
    let a = 0;
    let b = 0;
    for (const t of new Set(tokens)) {
      const [x, y] = itemWords(keyed, t);
      a = (a + x) >>> 0;
      b = (b + y) >>> 0;
    }
    return partOfSums(a, b, parts);
  };
}

/** Every row's part under the item-hash split of `seed` into `parts` (each item's words computed once). */
export function itemHashParts(dataset: Dataset, seed: number, parts: number): Uint32Array {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError(`${parts} parts`);
  const keyed = hmac.create(sha256, keyOf(seed));
  const tokens = dataset.dictionary.tokens;
  const wordA = new Uint32Array(tokens.length);
  const wordB = new Uint32Array(tokens.length);
  tokens.forEach((t, id) => ([wordA[id], wordB[id]] = itemWords(keyed, t)));
  const out = new Uint32Array(dataset.n);
  for (let r = 0; r < dataset.n; r++) {
    let a = 0;
    let b = 0;
    for (const id of dataset.row(r)) {
      a = (a + wordA[id]) >>> 0;
      b = (b + wordB[id]) >>> 0;
    }
    out[r] = partOfSums(a, b, parts);
  }
  return out;
}
