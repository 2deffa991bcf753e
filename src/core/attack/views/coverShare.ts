/**
 * The cover attack on a `disassociated` release (the inference attack's reading of the cover
 * problem: Barakat, Al Bouna, Nassar, Guyeux, "On the evaluation of the privacy breach in
 * disassociated set-valued datasets", SECRYPT 2016, abstract and Sec. 1: "a privacy breach might
 * occur if the disassociated dataset is subject to a cover problem"; Awad, Al Bouna, Couchot,
 * Philippe, "Safe disassociation of set-valued datasets", arXiv 1904.03112, abstract: items "tightly
 * coupled" across chunks; the papers' bodies were not readable here, the formalization is
 * release/covers.ts's).
 *
 * The attacker knows items K of a target and guesses another item y of its row. Within a cluster of
 * N rows whose record chunks hold K's parts with supports sup_1..sup_t and y (in a chunk none of K
 * is in) with support sup_y, every way of joining the shuffled chunks back into rows gives at least
 *   forced(K ∪ {y}) = sup_1 + ... + sup_t + sup_y − t·N
 * rows holding K and y together (covers.ts, pigeonhole). When 0 < forced < k the release proves an
 * association across chunks for fewer than k people: the cover problem. The attack's share of y is
 * the rows so proven, summed over the candidate clusters, over the candidates (the people whose
 * rows may hold K). Items in one chunk with K are not counted (their sub-records publish the
 * association, k^m-anonymously, by design), nor is any cluster where a known item or y is in the
 * term chunk (term items carry no count), nor a proof for k or more rows (what k^m-anonymity allows
 * for an itemset). Safe disassociation breaks every cover of at most m items, so for |K| <= m − 1
 * this share is 0 on its releases (modelBounds.ts); on plain disassociation it is positive wherever
 * a cover meets a target's knowledge.
 */
import type { Dataset } from '../../data/dataset.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import type { DisassociatedRelease, DisassociatedTable } from '../../release/disassociated.ts';
import { qidItems, itemSecret, sensitiveFlags } from './secrets.ts';
import type { Secret, SecretModel } from './types.ts';

/** A cluster's record chunks holding known items, with the sub-records holding each chunk's part. */
export type KnownParts = readonly { chunk: number; support: number }[];

/**
 * The rows the release proves hold the known items and `secret` together, across chunks, in covers
 * (0 < forced < k), summed over the clusters with candidates (`weight` > 0). `parts[c]`: cluster
 * c's known parts, null when a known item is in its term chunk only. `chunkItems` and `subrecords`
 * are the release's chunk domains and sub-records as input ids (publishedRows.ts).
 */
export function coverShare(
  table: DisassociatedTable,
  chunkItems: Dataset,
  subrecords: Dataset,
  k: number,
  known: readonly number[],
  secret: Secret,
  weight: Float64Array,
  parts: readonly (KnownParts | null)[],
): number {
  const y = secret.item;
  if (y === undefined || known.length === 0 || known.includes(y)) return 0;
  let proven = 0;
  for (let c = 0; c < weight.length; c++) {
    const knownParts = parts[c];
    if (weight[c] === 0 || !knownParts) continue;
    let chunk = -1;
    for (let j = table.chunkStart[c]; j < table.chunkStart[c + 1]; j++)
      if (sortedHas(chunkItems.items, y, chunkItems.offsets[j], chunkItems.offsets[j + 1])) chunk = j;
    if (chunk < 0 || knownParts.some((p) => p.chunk === chunk)) continue;
    let supY = 0;
    for (let s = table.subStart[chunk]; s < table.subStart[chunk + 1]; s++)
      if (sortedHas(subrecords.items, y, subrecords.offsets[s], subrecords.offsets[s + 1])) supY++;
    const forced = knownParts.reduce((sum, p) => sum + p.support, supY) - knownParts.length * table.rows[c];
    if (forced > 0 && forced < k) proven += forced;
  }
  return proven;
}

/**
 * The secrets of a disassociated release: the attacker may know any of a target's (QID) items and
 * guesses each other item of its row (the release keeps every item, so every one may be linked).
 */
export function otherItemSecrets(input: Dataset, release: DisassociatedRelease): SecretModel {
  const sensitive = sensitiveFlags(input, release);
  return {
    known: (row) => qidItems(input, sensitive, row),
    secrets: (row, known = []) =>
      Array.from(input.row(row))
        .filter((item) => !known.includes(item))
        .map((item) => itemSecret(input, item)),
  };
}
