/**
 * The support estimator's values (estimators.ts) for many pairs of input items at once, as the
 * summary's frequent pairs need (DESIGN.md sec. 5 `summary`), every value equal to the pair-by-pair
 * one to the last bit, and linear in the published rows (issue 31; pairs keyed by slot numbers,
 * never by strings):
 * - where the estimate is a count of published rows (a `transactions` release; a `groups` release's
 *   pairs of QID items), the pairs are counted in one pass over those rows (data/pairCounts.ts);
 *   integer counts, the same however they are summed;
 * - a `generalized` release: the estimate is (rows holding the pair's labels) times eq. 2's
 *   probability per label, so the labels' pairs (and a label alone, when both items map to it) are
 *   counted in one pass over the published rows and multiplied as the estimator multiplies;
 * - a `buckets` release: asking pair by pair walks two popular items' tid-lists for every pair
 *   (seconds on 400,000 rows), so the pairs are estimated in one pass over the buckets: per bucket
 *   B, the count of cells holding each item (and, for two items of one column, the cells holding
 *   both), then for each pair held in B the same product the estimator forms,
 *   |B| x (count_a / |B|) x (count_b / |B|) (a's factor first) or |B| x (count_ab / |B|), added in
 *   bucket order;
 * - a pair with a sensitive item of a `groups` release, and an `itemsets` release's pairs, are asked
 *   of the estimator.
 */
import type { Dataset } from '../data/dataset.ts';
import type { Audit, BucketsRelease, GeneralizedRelease, Release } from '../release/types.ts';
import { countPairs } from '../data/pairCounts.ts';
import { groupsIndex } from '../release/groupsIndex.ts';
import { publishedDataset } from '../release/publishedRows.ts';
import { bucketColumns } from './bucketColumns.ts';
import { supportEstimator } from './estimators.ts';

/** A pair of input item ids, a's factor first. */
export interface ItemPair {
  a: number;
  b: number;
}

/**
 * The estimates of `pairs` for a verified `release` with its `audit`. `inputSupport` (each pair's
 * support in the input, when the caller counted it) answers a `groups` release's pairs of QID
 * items: its QID rows are the input rows without their sensitive items, so those pairs' counts
 * on them are their input supports.
 */
export function pairEstimates(
  dataset: Dataset,
  release: Release,
  audit: Audit,
  pairs: readonly ItemPair[],
  inputSupport?: ArrayLike<number>,
): Float64Array {
  switch (release.kind) {
    case 'buckets':
      return bucketPairEstimates(dataset, release, pairs);
    case 'generalized':
      return generalizedPairEstimates(dataset, release, pairs);
    case 'transactions':
      return countedPairs(
        publishedDataset(dataset, release.transactions),
        pairs,
        () => true,
        () => 0,
      );
    case 'groups': {
      // Pairs of QID items are counts on the QID rows; a sensitive item's pair is the estimator's.
      const isSensitive = new Uint8Array(dataset.d);
      for (const s of release.sensitive) {
        const id = dataset.dictionary.find(s);
        if (id !== undefined) isSensitive[id] = 1;
      }
      const qid = (id: number) => isSensitive[id] === 0;
      const withSensitive = pairs.filter(({ a, b }) => !qid(a) || !qid(b));
      const estimate = supportEstimator(
        dataset,
        release,
        audit,
        withSensitive.flatMap(({ a, b }) => [a, b]),
      );
      const otherwise = (pair: ItemPair) => estimate([pair.a, pair.b]);
      if (inputSupport)
        return Float64Array.from(pairs, (pair, i) =>
          qid(pair.a) && qid(pair.b) ? inputSupport[i] : otherwise(pair),
        );
      return countedPairs(groupsIndex(dataset, release).published, pairs, qid, otherwise);
    }
    case 'itemsets':
    case 'disassociated': {
      // A few noisy itemsets, or a disassociated release's clusters merged pair by pair.
      const estimate = supportEstimator(dataset, release, audit);
      return Float64Array.from(pairs, ({ a, b }) => estimate([a, b]));
    }
  }
}

/**
 * Each pair's count on `rows` (input items keep their input ids there) when `counted` holds for
 * both of its items, else `otherwise(pair)`.
 */
function countedPairs(
  rows: Dataset,
  pairs: readonly ItemPair[],
  counted: (id: number) => boolean,
  otherwise: (pair: ItemPair) => number,
): Float64Array {
  const slotOf = new Int32Array(rows.d).fill(-1);
  let f = 0;
  for (const { a, b } of pairs) for (const id of [a, b]) if (counted(id) && slotOf[id] < 0) slotOf[id] = f++;
  const counts = countPairs(rows, slotOf, f);
  return Float64Array.from(pairs, (pair) =>
    counted(pair.a) && counted(pair.b) ? counts.pair(slotOf[pair.a], slotOf[pair.b]) : otherwise(pair),
  );
}

/**
 * Generalized: the estimator's value (rows holding every label the pair maps to, times the product
 * over those labels g, in the pair's order, of 2^(|g|-j) / (2^|g|-1)), with the labels' rows
 * counted at once.
 */
function generalizedPairEstimates(
  dataset: Dataset,
  release: GeneralizedRelease,
  pairs: readonly ItemPair[],
): Float64Array {
  const published = publishedDataset(dataset, release.transactions);
  // Each input item's published id (its label's, or its own), -1 when suppressed or never published.
  const suppressed = new Set(release.suppressed);
  const labelOf = new Map<string, string>();
  for (const [label, items] of Object.entries(release.generalized))
    for (const t of items) labelOf.set(t, label);
  const target = new Int32Array(dataset.d);
  const sizeOf = new Float64Array(published.d).fill(1);
  dataset.dictionary.tokens.forEach((token, id) => {
    if (suppressed.has(token)) return void (target[id] = -1);
    const label = labelOf.get(token) ?? token;
    const publishedId = published.dictionary.find(label);
    target[id] = publishedId ?? -1;
    if (publishedId !== undefined && Object.hasOwn(release.generalized, label))
      sizeOf[publishedId] = release.generalized[label].length;
  });
  const slotOf = new Int32Array(published.d).fill(-1);
  let f = 0;
  for (const { a, b } of pairs)
    for (const id of [a, b]) if (target[id] >= 0 && slotOf[target[id]] < 0) slotOf[target[id]] = f++;
  const counts = countPairs(published, slotOf, f);
  const factor = (size: number, j: number) => 2 ** (size - j) / (2 ** size - 1);
  return Float64Array.from(pairs, ({ a, b }) => {
    const ga = target[a];
    const gb = target[b];
    if (ga < 0 || gb < 0) return 0;
    let probability = 1;
    if (ga === gb) {
      probability *= factor(sizeOf[ga], 2);
      return counts.single(slotOf[ga]) * probability;
    }
    probability *= factor(sizeOf[ga], 1);
    probability *= factor(sizeOf[gb], 1);
    return counts.pair(slotOf[ga], slotOf[gb]) * probability;
  });
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
