/**
 * How `distribute` cuts an input into partitions (issue 35): every row in Gray order over the
 * items by decreasing support (Ghinita Sec. 5.2 GraySort; PTA Sec. 4.1 sortD), cut into `parts`
 * contiguous runs of equal size (the first `n mod parts` one row longer). Rows that share their
 * frequent items are neighbours in Gray order, so they share a partition: a class, a group or a
 * bucket formed inside one partition is one the whole input could have formed. Every row lies in
 * exactly one partition, which is what makes each model's guarantee compose: a PTA or PatternKa
 * class, a p-degree group and a multi-anatomy bucket lie inside one partition, and an itemset's
 * support in a merged k^m release is a sum of partition supports each 0 or at least k.
 *
 * `strided` deals the Gray order out instead (row i of the order to partition i mod parts): each
 * partition is then a sample of the whole with its shape, so a sensitive item's share of the rows
 * (p-degree: f_s * p <= |G| must be possible), the spread of column values (l-diversity) and the
 * generalization k^m needs stay what they are in the whole, where a contiguous run of rows that
 * share their frequent items could hold a sensitive item too often to be protected, or need a far
 * coarser cut than the rest.
 *
 * `item-hash` puts each row in the part a keyed hash of its own items names (dp/itemHashSplit.ts),
 * whatever the other rows are: the one split under which the parts' differential-privacy ledgers
 * compose in parallel (adding or removing one row changes one part only). Both Gray splits fail
 * that: the order is a sort over all rows, and a row's place in it (contiguous) or its index
 * (strided) moves when another row is added. The default per model is `splitOf`.
 */
import type { Dataset } from '../data/dataset.ts';
import { graySort } from '../methods/shared/grayOrder.ts';
import { itemPositions } from '../methods/shared/itemOrder.ts';
import { ITEM_HASH_SPLIT, itemHashParts, ROW_WISE_SPLITS } from '../dp/itemHashSplit.ts';
import type { PrivacyModel } from '../release/types.ts';

export const SPLITS = ['contiguous', 'strided', ITEM_HASH_SPLIT] as const;
export type Split = (typeof SPLITS)[number];

/** True when a split chooses each row's part from that row alone (item-hash). */
export const isRowWise = (split: Split): boolean => ROW_WISE_SPLITS.includes(split);

/**
 * Differential privacy: by item hash, the only split under which its parts compose in parallel.
 * Contiguous runs for k-anonymity, whose classes gather similar rows; dealt out for the others:
 * p-degree and l-diversity need each partition's shares of sensitive items and column values to be
 * the whole's, and k^m's merge joins the partitions' generalizations, so the coarsest partition's
 * cut is every row's: on 3,000 Netflix-shaped rows in 3 parts apriori-km's NCP was 0.56 contiguous
 * (the partition of long rows generalized almost every item), 0.011 dealt out, 0.005 in one process.
 */
export function splitOf(model: PrivacyModel): Split {
  if (model === 'differential-privacy') return ITEM_HASH_SPLIT;
  return model === 'k-anonymity' ? 'contiguous' : 'strided';
}

/**
 * The input rows of each partition: in Gray order (contiguous, strided), or in input order by the
 * hash of `seed` (item-hash; a part may then be empty); `parts` at most the rows.
 */
export function partitionRows(
  dataset: Dataset,
  parts: number,
  split: Split = 'contiguous',
  seed = 1,
): number[][] {
  if (!Number.isInteger(parts) || parts < 1 || parts > Math.max(1, dataset.n))
    throw new RangeError(`${parts} partitions of ${dataset.n} rows`);
  if (split === ITEM_HASH_SPLIT) {
    const out: number[][] = Array.from({ length: parts }, () => []);
    itemHashParts(dataset, seed, parts).forEach((p, r) => out[p].push(r));
    return out;
  }
  const order = graySort(dataset, itemPositions(dataset, 'support'));
  if (split === 'strided') {
    const out: number[][] = Array.from({ length: parts }, () => []);
    order.forEach((r, i) => out[i % parts].push(r));
    return out;
  }
  const base = Math.floor(dataset.n / parts);
  const longer = dataset.n % parts;
  const out: number[][] = [];
  let at = 0;
  for (let p = 0; p < parts; p++) {
    const size = base + (p < longer ? 1 : 0);
    out.push(Array.from(order.subarray(at, at + size)));
    at += size;
  }
  return out;
}
