/**
 * The support estimator's values (estimators.ts) for many pairs of input items at once, as the
 * summary's frequent pairs need (DESIGN.md sec. 5 `summary`):
 * - where the estimate is a count of published rows (a `transactions` release; a `groups` release's
 *   pairs of QID items), the pairs are counted in one pass over those rows (data/pairCounts.ts);
 *   integer counts, the same however they are summed;
 * - a `buckets` release: asking pair by pair walks two popular items' tid-lists for every pair
 *   (seconds on 400,000 rows), so the pairs are estimated in one pass over the buckets: per bucket
 *   B, the count of cells holding each item (and, for two items of one column, the cells holding
 *   both), then for each pair held in B the same product the estimator forms,
 *   |B| x (count_a / |B|) x (count_b / |B|) (a's factor first) or |B| x (count_ab / |B|), added in
 *   bucket order: every value equals the pair-by-pair one to the last bit;
 * - a `generalized` release, and a pair with a sensitive item, are asked of the estimator.
 */
import type { Dataset } from '../data/dataset.ts';
import type { BucketsRelease, Release } from '../release/types.ts';
import { pairCounts } from '../data/pairCounts.ts';
import { groupsIndex } from '../release/groupsIndex.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import { bucketColumns } from './bucketColumns.ts';
import { supportEstimator } from './estimators.ts';

/** A pair of input item ids, a's factor first. */
export interface ItemPair {
  a: number;
  b: number;
}

export function pairEstimates(dataset: Dataset, release: Release, pairs: readonly ItemPair[]): Float64Array {
  if (release.kind === 'buckets') return bucketPairEstimates(dataset, release, pairs);
  const estimate = supportEstimator(dataset, release);
  const rows = countedRows(dataset, release);
  if (!rows) return Float64Array.from(pairs, ({ a, b }) => estimate([a, b]));
  // Pairs of items the rows publish as they are: the estimate is the count of published rows
  // holding both (an integer, the same in any order of summing), taken in one pass.
  const isSensitive = new Set(release.kind === 'groups' ? release.sensitive : []);
  const counted = (id: number) => !isSensitive.has(dataset.dictionary.token(id));
  const items = [...new Set(pairs.flatMap(({ a, b }) => [a, b]))].filter(counted);
  const support = new Map<string, number>();
  for (const { a, b, support: count } of pairCounts(rows, items))
    support.set(`${Math.min(a, b)},${Math.max(a, b)}`, count);
  return Float64Array.from(pairs, ({ a, b }) =>
    counted(a) && counted(b) ? (support.get(`${Math.min(a, b)},${Math.max(a, b)}`) ?? 0) : estimate([a, b]),
  );
}

/**
 * The published rows whose pair counts are the estimator's values (estimators.ts): a
 * `transactions` release's rows, a `groups` release's QID rows (for pairs without a sensitive
 * item); input items keep their input ids there. Other kinds estimate otherwise.
 */
function countedRows(dataset: Dataset, release: Release): Dataset | null {
  if (release.kind === 'transactions') return publishedDataset(dataset, release.transactions);
  if (release.kind === 'groups') return groupsIndex(dataset, release).published;
  return null;
}

function bucketPairEstimates(
  dataset: Dataset,
  release: BucketsRelease,
  pairs: readonly ItemPair[],
): Float64Array {
  const { columnOf, columns } = bucketColumns(dataset, release);
  const estimates = new Float64Array(pairs.length);
  // The pairs' items as slots 0..f-1, with their columns (-1: in no column, so never held).
  const slotOf = new Int32Array(dataset.d).fill(-1);
  const items: number[] = [];
  for (const { a, b } of pairs) for (const id of [a, b]) if (slotOf[id] < 0) slotOf[id] = items.push(id) - 1;
  const f = items.length;
  const columnOfSlot = Int32Array.from(items, (id) => columnOf.get(dataset.dictionary.token(id)) ?? -1);
  const pairAt = new Int32Array(f * f).fill(-1); // ordered slots (a, b) -> pair index
  pairs.forEach(({ a, b }, i) => (pairAt[slotOf[a] * f + slotOf[b]] = i));
  // Per bucket, reset after it: cells holding each slot, cells holding both items of a pair.
  const held = new Uint32Array(f);
  const heldTogether = new Uint32Array(pairs.length);
  const slotsHeld: number[] = [];
  const pairsHeldTogether: number[] = [];
  const inCell: number[] = [];
  for (let bucket = 0; bucket < release.buckets.size.length; bucket++) {
    columns.forEach(({ published, start }, column) => {
      for (let cell = start[bucket]; cell < start[bucket + 1]; cell++) {
        inCell.length = 0;
        for (let k = published.offsets[cell]; k < published.offsets[cell + 1]; k++) {
          const slot = published.items[k] < dataset.d ? slotOf[published.items[k]] : -1;
          // The estimator reads an item in its own column only.
          if (slot < 0 || columnOfSlot[slot] !== column) continue;
          if (held[slot]++ === 0) slotsHeld.push(slot);
          inCell.push(slot);
        }
        for (const x of inCell)
          for (const y of inCell) {
            const pair = x === y ? -1 : pairAt[x * f + y];
            if (pair >= 0 && heldTogether[pair]++ === 0) pairsHeldTogether.push(pair);
          }
      }
    });
    const size = release.buckets.size[bucket];
    // Pairs across two columns, then pairs within one: each bucket adds to a pair once, in order.
    for (const x of slotsHeld)
      for (const y of slotsHeld) {
        const pair = x === y ? -1 : pairAt[x * f + y];
        if (pair < 0 || columnOfSlot[x] === columnOfSlot[y]) continue;
        let estimate = size;
        estimate *= held[x] / size;
        estimate *= held[y] / size;
        estimates[pair] += estimate;
      }
    for (const pair of pairsHeldTogether) {
      let estimate = size;
      estimate *= heldTogether[pair] / size;
      estimates[pair] += estimate;
      heldTogether[pair] = 0;
    }
    for (const slot of slotsHeld) held[slot] = 0;
    slotsHeld.length = 0;
    pairsHeldTogether.length = 0;
  }
  return estimates;
}
