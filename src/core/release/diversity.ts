/**
 * The two readings of l-diversity in the anatomy paper ("Privacy Preservation in Transaction
 * Databases based on Anatomy technique", CSE 2010), for a bucket's column: how many rows hold each
 * value (a value is the itemset a row has in the column; the empty itemset is a value, since an
 * attacker sees that a row has nothing there). The method, the verifier and the Check page use them.
 * - `frequency` (the default; Def. 5, eq. 1, "c(v_ij)/|B_i| <= 1/l" for the most frequent value
 *   v_ij, and Lemma 1 / Corollary 1: an attacker guesses a row's column value with probability
 *   c(v)/|B| <= 1/l): no value is held by more than |B|/l rows of the bucket. The stricter reading.
 * - `distinct` (Example 5, Table I(E): "the column value for t2 must be either {b}, {b,e} or
 *   {b,e,g}. Therefore, the probability ... is bounded by 1/3"; Theorem 2's proof: "the number of
 *   different item set for each column in each bucket is at least l"): at least l distinct values.
 *   Table I(E), which the paper calls 2-diverse, meets this reading and fails the first ({b} is in 3
 *   of the 5 rows of B1). It bounds a uniform guess among the values, not a guess that weighs them.
 */
export const DIVERSITY_READINGS = ['frequency', 'distinct'] as const;
export type DiversityReading = (typeof DIVERSITY_READINGS)[number];

/** The reading a release was made under (releases before the option: the strict one). */
export function diversityOf(params: Record<string, unknown>): DiversityReading {
  return params.diversity === 'distinct' ? 'distinct' : 'frequency';
}

/** Whether a bucket's column, given as how many rows hold each value, is l-diverse under `reading`. */
export function columnIsDiverse(
  counts: Iterable<number>,
  rows: number,
  l: number,
  reading: DiversityReading,
): boolean {
  let distinct = 0;
  let most = 0;
  for (const count of counts) {
    distinct++;
    if (count > most) most = count;
  }
  return reading === 'distinct' ? distinct >= l : most * l <= rows;
}

/** The largest l a column of these value counts allows under `reading` (as one bucket of them all). */
export function largestL(counts: Iterable<number>, rows: number, reading: DiversityReading): number {
  let distinct = 0;
  let most = 0;
  for (const count of counts) {
    distinct++;
    if (count > most) most = count;
  }
  return reading === 'distinct' ? distinct : most === 0 ? 0 : Math.floor(rows / most);
}

/** In words, for the page and the errors. */
export function describeReading(reading: DiversityReading): string {
  return reading === 'distinct'
    ? 'distinct: every column of a bucket shows at least l different values (the paper’s Example 5)'
    : 'frequency: no column value is held by more than |B|/l rows of its bucket (Def. 5, the stricter reading)';
}

/** A column value (the itemset a row has in the column) in words: `nothing` or `{a, b}`. */
export function describeValue(tokens: readonly string[]): string {
  return tokens.length === 0 ? 'nothing' : `{${tokens.join(', ')}}`;
}
