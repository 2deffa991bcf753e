/**
 * Growable lists of 32-bit integers, one per key 0..keys-1 (a gid's constraints, an item's
 * rows): a typed array per key that doubles when full, so millions of entries take 4 bytes each
 * rather than a JS array slot and its header, and a list can be cleaned in place.
 */
export class IntLists {
  private readonly lists: (Int32Array | undefined)[];
  private readonly lengths: Int32Array;

  constructor(keys: number) {
    this.lists = new Array<Int32Array | undefined>(keys);
    this.lengths = new Int32Array(keys);
  }

  length(key: number): number {
    return this.lengths[key];
  }

  push(key: number, value: number): void {
    let list = this.lists[key];
    const length = this.lengths[key];
    if (!list || length === list.length) {
      const grown = new Int32Array(Math.max(4, length * 2));
      if (list) grown.set(list);
      this.lists[key] = list = grown;
    }
    list[length] = value;
    this.lengths[key] = length + 1;
  }

  /** The list of `key` (a view: valid until the next push to it). */
  view(key: number): Int32Array {
    const list = this.lists[key];
    return list ? list.subarray(0, this.lengths[key]) : EMPTY;
  }

  /** Keeps the first `length` values of `key`'s list (after cleaning it in place through view). */
  truncate(key: number, length: number): void {
    this.lengths[key] = length;
  }

  /** Drops `key`'s list and its memory. */
  delete(key: number): void {
    this.lists[key] = undefined;
    this.lengths[key] = 0;
  }
}

const EMPTY = new Int32Array(0);
