/**
 * The first `k` of `items` in the order `compare` gives, as a stable sort then `slice(0, k)` would
 * give them (equal items keep their order), in O(n k) without sorting all n: the viewer's largest
 * classes of a release with tens of thousands of classes, the worst offenders of a verification.
 */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const top: T[] = [];
  if (k <= 0) return top;
  for (const item of items) {
    if (top.length === k && compare(item, top[k - 1]) >= 0) continue;
    // After every kept item that is not after it: equal items stay in the order they came.
    let at = top.length;
    while (at > 0 && compare(item, top[at - 1]) < 0) at--;
    top.splice(at, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
