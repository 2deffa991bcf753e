/**
 * Item correlation for the item partition (anatomy paper Sec. IV.A.1): the mean-square contingency
 * coefficient of two binary items in the paper's eq. 4 form, phi^2(I1, I2) = (f12 - f1 f2)^2 /
 * (f1 f2), where f1, f2 are the fractions of transactions holding each item and f12 the fraction
 * holding both ("because value 0 is meaningless, we only calculate the value 1"); it lies in
 * [0, 1]. Distance between items: 1 - phi^2 (Sec. IV.A.2).
 * Pair counts come from one pass over the rows (each row adds its item pairs): O(sum |t|^2), far
 * cheaper on sparse data than AND-ing column bitsets for all d^2 / 2 pairs, and the same counts.
 * With few items they fill a dense d x d matrix of phi^2 (12 bytes a pair while it is built); with
 * many (d x d over DENSE_LIMIT bytes) only the pairs that occur are kept, sparse (8 bytes each):
 * item i's partners j > i sorted, found by binary search. Either must fit the run's memory budget,
 * which is checked before anything is allocated.
 */
import { checkMemory } from '../../base/memoryBudget.ts';
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { itemSupports } from '../../data/stats.ts';
import { U32Vec } from '../../data/u32Vec.ts';

export function phiSquare(f1: number, f2: number, f12: number): number {
  if (f1 === 0 || f2 === 0) return 0;
  const deviation = f12 - f1 * f2;
  return (deviation * deviation) / (f1 * f2);
}

/** phi^2 of any two items of a dataset. */
export interface PhiSquares {
  readonly d: number;
  /** Whether only the pairs that occur are kept. */
  readonly sparse: boolean;
  /** Bytes the structure holds (or held while it was built, for the dense one). */
  readonly bytes: number;
  get(i: number, j: number): number;
}

/** Above this many bytes for the dense matrix, the pair counts are kept sparse. */
export const DENSE_LIMIT = 256 * 1024 * 1024;

/** Bytes of the dense form: Uint32 pair counts and Float64 phi^2, d x d each. */
export const denseBytes = (d: number) => d * d * 12;

/** An upper bound of the sparse form's bytes: 8 per co-occurring pair, plus offsets and supports. */
export function sparseBytes(dataset: Dataset): number {
  let pairs = 0;
  for (let r = 0; r < dataset.n; r++) {
    const length = dataset.offsets[r + 1] - dataset.offsets[r];
    pairs += (length * (length - 1)) / 2;
  }
  const d = dataset.d;
  return Math.min(pairs, (d * (d - 1)) / 2) * 8 + dataset.items.length * 4 + d * 16;
}

/** phi^2 between all items, dense or sparse as d asks, within `budget` bytes (else an InputError). */
export function phiSquares(dataset: Dataset, budget: number, denseLimit = DENSE_LIMIT): PhiSquares {
  const d = dataset.d;
  const dense = denseBytes(d);
  if (dense <= Math.min(denseLimit, budget)) return densePhiSquares(dataset);
  checkMemory(
    sparseBytes(dataset),
    budget,
    `multi-anatomy's item-pair counts for ${d} items`,
    'fewer distinct items (e.g. a coarser item vocabulary) would fit',
  );
  return sparsePhiSquares(dataset);
}

function densePhiSquares(dataset: Dataset): PhiSquares {
  const d = dataset.d;
  const n = Math.max(1, dataset.n);
  const supports = itemSupports(dataset);
  const pairs = new Uint32Array(d * d);
  const { offsets, items } = dataset;
  for (let r = 0; r < dataset.n; r++) {
    for (let a = offsets[r]; a < offsets[r + 1]; a++) {
      const i = items[a];
      for (let b = a + 1; b < offsets[r + 1]; b++) pairs[i * d + items[b]]++;
    }
  }
  const phi = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    phi[i * d + i] = 1;
    for (let j = i + 1; j < d; j++) {
      // Rows are sorted, so each pair was counted once, under (min, max).
      const both = pairs[i * d + j] + pairs[j * d + i];
      phi[i * d + j] = phi[j * d + i] = phiSquare(supports[i] / n, supports[j] / n, both / n);
    }
  }
  return { d, sparse: false, bytes: denseBytes(d), get: (i, j) => phi[i * d + j] };
}

function sparsePhiSquares(dataset: Dataset): PhiSquares {
  const d = dataset.d;
  const n = Math.max(1, dataset.n);
  const supports = itemSupports(dataset);
  const tidLists = ItemRows.of(dataset);
  const start = new Uint32Array(d + 1);
  const partner = new U32Vec();
  const count = new U32Vec();
  const seen = new Uint32Array(d);
  const touched = new U32Vec();
  const { offsets, items } = dataset;
  for (let i = 0; i < d; i++) {
    touched.length = 0;
    for (const r of tidLists.rowsOf(i)) {
      for (let a = offsets[r + 1] - 1; a >= offsets[r] && items[a] > i; a--) {
        const j = items[a];
        if (seen[j]++ === 0) touched.push(j);
      }
    }
    const partners = touched.view().sort();
    for (const j of partners) {
      partner.push(j);
      count.push(seen[j]);
      seen[j] = 0;
    }
    start[i + 1] = partner.length;
  }
  const partners = partner.view();
  const counts = count.view();
  const both = (i: number, j: number): number => {
    let lo = start[i];
    let hi = start[i + 1];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (partners[mid] < j) lo = mid + 1;
      else hi = mid;
    }
    return lo < start[i + 1] && partners[lo] === j ? counts[lo] : 0;
  };
  return {
    d,
    sparse: true,
    bytes: partners.length * 8 + start.length * 4 + tidLists.rows.length * 4,
    get: (i, j) =>
      i === j ? 1 : phiSquare(supports[i] / n, supports[j] / n, (i < j ? both(i, j) : both(j, i)) / n),
  };
}

/** phi^2 among the `items` only (e.g. the most frequent ones, for the heatmap): items.length^2. */
export function phiSquareAmong(dataset: Dataset, items: readonly number[]): number[][] {
  const index = new Int32Array(dataset.d).fill(-1);
  items.forEach((item, i) => (index[item] = i));
  const m = items.length;
  const pairs = new Uint32Array(m * m);
  const { offsets, items: cells } = dataset;
  for (let r = 0; r < dataset.n; r++) {
    for (let a = offsets[r]; a < offsets[r + 1]; a++) {
      const i = index[cells[a]];
      if (i < 0) continue;
      pairs[i * m + i]++;
      for (let b = a + 1; b < offsets[r + 1]; b++) {
        const j = index[cells[b]];
        if (j >= 0) {
          pairs[i * m + j]++;
          pairs[j * m + i]++;
        }
      }
    }
  }
  const n = Math.max(1, dataset.n);
  return Array.from({ length: m }, (_, i) =>
    Array.from({ length: m }, (_, j) =>
      i === j ? 1 : phiSquare(pairs[i * m + i] / n, pairs[j * m + j] / n, pairs[i * m + j] / n),
    ),
  );
}
