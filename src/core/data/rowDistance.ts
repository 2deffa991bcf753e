/**
 * The one Hamming distance between transactions (Ghinita Sec. 3; PTA eq. 1): the size of the
 * symmetric difference of two rows. Uses the BitMatrix (popcount of XOR) when the dataset has one,
 * and a merge of the sorted CSR rows otherwise; `symmetricDifference` serves any two sorted id lists.
 */
import type { Dataset } from './dataset.ts';

/** Size of the symmetric difference of two ascending id lists. */
export function symmetricDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a.length + b.length - 2 * intersectionSize(a, b);
}

/** Size of the intersection of two ascending id lists. */
export function intersectionSize(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return common;
}

/** Hamming distance between rows a and b of `dataset`. */
export function rowHamming(dataset: Dataset, a: number, b: number): number {
  return dataset.bits ? dataset.bits.hamming(a, b) : symmetricDifference(dataset.row(a), dataset.row(b));
}
