/**
 * Every `size`-subset of a list, in lexicographic order of positions (the combinations that
 * Apriori-style counting, COAT's constraint levels and k^m checks enumerate).
 */

/**
 * Visits every `size`-subset of list[from..] (kept in list order); the array passed is reused
 * between visits: copy it to keep it.
 */
export function forEachSubset<T>(
  list: ArrayLike<T>,
  size: number,
  visit: (subset: T[]) => void,
  from = 0,
): void {
  const chosen: T[] = [];
  const walk = (start: number) => {
    if (chosen.length === size) return visit(chosen);
    for (let i = start; i <= list.length - (size - chosen.length); i++) {
      chosen.push(list[i]);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(from);
}

/** How many r-subsets n things have (a float: exact while it fits 2^53, 0 when r > n). */
export function choose(n: number, r: number): number {
  if (r > n || r < 0) return 0;
  let c = 1;
  for (let i = 0; i < r; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}
