/**
 * Item correlation for the item partition (anatomy paper Sec. IV.A.1): the mean-square contingency
 * coefficient of two binary items in the paper's eq. 4 form, phi^2(I1, I2) = (f12 - f1 f2)^2 /
 * (f1 f2), where f1, f2 are the fractions of transactions holding each item and f12 the fraction
 * holding both ("because value 0 is meaningless, we only calculate the value 1"); it lies in
 * [0, 1]. Distance between items: 1 - phi^2 (Sec. IV.A.2).
 * The pair counts come one first item at a time through the tid-lists (data/pairsByFirst.ts, the
 * counter k^m uses): O(sum |t|^2), far cheaper on sparse data than AND-ing column bitsets for all
 * d^2 / 2 pairs, and the same counts. They are kept in one of two forms, whichever is smaller, and
 * phi^2 is computed from a count when asked (the same value either way: PAM reads each pair a few
 * times per swap, so a stored phi^2 would save little and cost twice the memory):
 * - a triangle of 32-bit counts, every pair (4 bytes a pair: 17,770 items, 632 MB);
 * - the pairs that occur only, sparse (8 bytes each): item i's partners j > i sorted, found by
 *   binary search (200,000 items of few pairs).
 * Either must fit the run's memory budget with the tid-lists beside it; that is checked before
 * anything is allocated.
 */
import { checkMemory } from '../../base/memoryBudget.ts';
import type { Dataset } from '../../data/dataset.ts';
import { ItemRows } from '../../data/itemRows.ts';
import { forEachFirst, PairCountsByFirst } from '../../data/pairsByFirst.ts';
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
  /** Bytes the structure holds. */
  readonly bytes: number;
  get(i: number, j: number): number;
}

/** Bytes of the triangle: a 32-bit count per pair. */
export const triangleBytes = (d: number) => ((d * (d - 1)) / 2) * 4;

/** An upper bound of the sparse form's bytes: 8 per co-occurring pair, plus offsets. */
export function sparseBytes(dataset: Dataset): number {
  let pairs = 0;
  for (let r = 0; r < dataset.n; r++) {
    const length = dataset.offsets[r + 1] - dataset.offsets[r];
    pairs += (length * (length - 1)) / 2;
  }
  const d = dataset.d;
  // Partner lists grow by doubling: up to twice the pairs while they are built.
  return Math.min(pairs, (d * (d - 1)) / 2) * 8 * 2 + d * 4;
}

/**
 * phi^2 between all items in the smaller form that fits `budget` bytes beside the tid-lists (else
 * an InputError naming what would fit); `form` forces one (tests).
 */
export function phiSquares(dataset: Dataset, budget: number, form?: 'triangle' | 'sparse'): PhiSquares {
  const d = dataset.d;
  const tidLists = 4 * (dataset.offsets[dataset.n] + d + 1) + 8 * d;
  const triangle = triangleBytes(d) + tidLists;
  const sparse = sparseBytes(dataset) + tidLists;
  const useTriangle = form ? form === 'triangle' : triangle <= sparse;
  checkMemory(
    Math.min(triangle, sparse),
    budget,
    `multi-anatomy's item-pair counts for ${d} items`,
    'fewer distinct items (e.g. a coarser item vocabulary)',
  );
  return useTriangle ? trianglePhiSquares(dataset) : sparsePhiSquares(dataset);
}

function trianglePhiSquares(dataset: Dataset): PhiSquares {
  const d = dataset.d;
  const n = Math.max(1, dataset.n);
  const supports = itemSupports(dataset);
  // Pair (i < j) at rowStart[i] + j: row i of the triangle holds j = i+1 .. d-1.
  const rowStart = new Float64Array(d);
  for (let i = 0; i < d; i++) rowStart[i] = i * d - (i * (i + 1)) / 2 - i - 1;
  const both = new Uint32Array((d * (d - 1)) / 2);
  forEachFirst(
    { offsets: dataset.offsets, ids: dataset.items },
    ItemRows.of(dataset),
    new PairCountsByFirst(d),
    (i, counter) => {
      const { counts } = counter;
      const at = rowStart[i];
      for (let j = i + 1; j < d; j++) {
        both[at + j] = counts[j];
        counts[j] = 0;
      }
    },
  );
  return {
    d,
    sparse: false,
    bytes: both.byteLength,
    get: (i, j) =>
      i === j
        ? 1
        : phiSquare(
            supports[i] / n,
            supports[j] / n,
            (i < j ? both[rowStart[i] + j] : both[rowStart[j] + i]) / n,
          ),
  };
}

function sparsePhiSquares(dataset: Dataset): PhiSquares {
  const d = dataset.d;
  const n = Math.max(1, dataset.n);
  const supports = itemSupports(dataset);
  const start = new Uint32Array(d + 1);
  const partner = new U32Vec();
  const count = new U32Vec();
  const rows = { offsets: dataset.offsets, ids: dataset.items };
  forEachFirst(
    rows,
    ItemRows.of(dataset),
    new PairCountsByFirst(d),
    (i, counter) => {
      counter.takeMet((j, c) => {
        partner.push(j);
        count.push(c);
      });
      start[i + 1] = partner.length;
    },
    true,
  );
  for (let i = 0; i < d; i++) start[i + 1] = Math.max(start[i + 1], start[i]);
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
    bytes: partners.length * 8 + start.length * 4,
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
