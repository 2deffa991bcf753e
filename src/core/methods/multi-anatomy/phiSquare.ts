/**
 * Item correlation for the item partition (anatomy paper Sec. IV.A.1): the mean-square contingency
 * coefficient of two binary items in the paper's eq. 4 form, phi^2(I1, I2) = (f12 - f1 f2)^2 /
 * (f1 f2), where f1, f2 are the fractions of transactions holding each item and f12 the fraction
 * holding both ("because value 0 is meaningless, we only calculate the value 1"); it lies in
 * [0, 1]. Distance between items: 1 - phi^2 (Sec. IV.A.2).
 * Pair counts come from one pass over the rows (each row adds its item pairs): O(sum |t|^2), far
 * cheaper on sparse data than AND-ing column bitsets for all d^2 / 2 pairs, and the same counts.
 */
import type { Dataset } from '../../data/dataset.ts';
import { itemSupports } from '../../data/stats.ts';

export function phiSquare(f1: number, f2: number, f12: number): number {
  if (f1 === 0 || f2 === 0) return 0;
  const deviation = f12 - f1 * f2;
  return (deviation * deviation) / (f1 * f2);
}

/** Co-occurrence counts of every item pair: `pairs[i * d + j]` for i < j (and mirrored). */
export function pairCounts(dataset: Dataset): Uint32Array {
  const d = dataset.d;
  const pairs = new Uint32Array(d * d);
  const { offsets, items } = dataset;
  for (let r = 0; r < dataset.n; r++) {
    for (let a = offsets[r]; a < offsets[r + 1]; a++) {
      const i = items[a];
      for (let b = a + 1; b < offsets[r + 1]; b++) pairs[i * d + items[b]]++;
    }
  }
  for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) pairs[j * d + i] = pairs[i * d + j];
  return pairs;
}

/** The d x d matrix of phi^2 between all items (row-major, diagonal 1). */
export function phiSquareMatrix(dataset: Dataset): Float64Array {
  const d = dataset.d;
  const n = Math.max(1, dataset.n);
  const supports = itemSupports(dataset);
  const pairs = pairCounts(dataset);
  const phi = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    phi[i * d + i] = 1;
    for (let j = i + 1; j < d; j++) {
      phi[i * d + j] = phi[j * d + i] = phiSquare(supports[i] / n, supports[j] / n, pairs[i * d + j] / n);
    }
  }
  return phi;
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
