/**
 * The order in which a JS object lists its keys (and JSON.stringify writes them): keys that are
 * array indices ("0", "12", canonical integers below 2^32 - 1) first, ascending, then the others in
 * the order they were set. A `groups` release's sensitive counts were a `{ token: count }` object
 * per group, so a FIMI release listed `{"12": 1, "87": 2}` whatever order the counts were made in;
 * the typed form keeps that order (plainRelease.ts) so that the JSON is unchanged.
 */

/** Whether `key` is an array index (ECMA-262 6.1.7): what a JS object lists first. */
export function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10) return false;
  if (key.length > 1 && key.charCodeAt(0) === 48) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return Number(key) < 0xffffffff;
}

/** `keys` (distinct) in the order an object given them in this order lists them. */
export function inPropertyOrder<T>(entries: readonly T[], key: (entry: T) => string): T[] {
  const indices = entries.filter((e) => isArrayIndex(key(e)));
  if (indices.length === 0) return [...entries];
  indices.sort((a, b) => Number(key(a)) - Number(key(b)));
  return [...indices, ...entries.filter((e) => !isArrayIndex(key(e)))];
}
