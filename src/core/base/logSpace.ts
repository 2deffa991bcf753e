/**
 * Sums in log space, for COAT's utility loss (Loukides et al., Def. 3.14 and 3.16), whose terms are
 * about 2^(|g| - M) and underflow as plain numbers at hundreds of items: one term's log2 and the
 * log2 of a sum of terms (log-sum-exp). Used by COAT (the generalization UL in its notes) and by the
 * `ul` metric.
 */

/** log2 of UL of one generalized item of `size` items among M, weight w, support sup over N rows. */
export function log2GeneralizedItemUl(
  size: number,
  itemCount: number,
  weight: number,
  support: number,
  rows: number,
): number {
  return (
    size -
    itemCount +
    Math.log2(1 - 2 ** -size) -
    Math.log2(1 - 2 ** -itemCount) +
    Math.log2(weight) +
    Math.log2(support / Math.max(1, rows))
  );
}

/** log2 of a sum of terms given as log2 values (log-sum-exp); -Infinity for no terms. */
export function log2Sum(logs: readonly number[]): number {
  const top = Math.max(...logs);
  if (!Number.isFinite(top)) return top;
  return top + Math.log2(logs.reduce((sum, x) => sum + 2 ** (x - top), 0));
}
