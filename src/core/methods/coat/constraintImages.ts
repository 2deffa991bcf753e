/**
 * The images of COAT's privacy constraints (Loukides et al., Def. 3.3: the generalized items a
 * constraint's items map to now, ascending) in typed arrays, with a hash table from an image to
 * the constraint that holds it: k^m at m = 2 on 50,000 Netflix-shaped rows has 34 million
 * constraints, which as a JS array each and a Map entry each passed the heap (and a V8 Map stops at
 * 2^24 entries). Each constraint has the slots of its first image; an image only shrinks or keeps
 * its length as it evolves (a merge renames one gid, a suppression drops one), so it stays there.
 * The table is open addressing over the images' contents (a constraint keyed at most once, its slot
 * remembered so that it can be unkeyed after its image changed).
 */

/** Itemsets given to a constraint set: `count` of them, each read item by item. */
export interface ItemsetList {
  readonly count: number;
  sizeOf(i: number): number;
  item(i: number, j: number): number;
  /** The support of itemset i as the state stands, when known (saves a count). */
  support?(i: number): number;
}

/** Itemsets held as JS arrays (constraints from a file, a level's few single items). */
export function itemsetListOf(
  itemsets: readonly (readonly number[])[],
  supports?: readonly number[],
): ItemsetList {
  return {
    count: itemsets.length,
    sizeOf: (i) => itemsets[i].length,
    item: (i, j) => itemsets[i][j],
    ...(supports && { support: (i: number) => supports[i] }),
  };
}

const EMPTY = 0;
const DELETED = -1;

export class ConstraintImages {
  /** Constraints held: 0..count-1. */
  count = 0;
  /** Slots of constraint ci: slots[base(ci) .. base(ci) + length(ci)). */
  private readonly slots: Int32Array;
  private readonly starts: Int32Array | null;
  private readonly width: number;
  private readonly lengths: Uint16Array | Int32Array;
  /** Open addressing: ci + 1, EMPTY or DELETED; tableSlot[ci] is ci's place, -1 when not keyed. */
  private table: Int32Array;
  private readonly tableSlot: Int32Array;
  private used = 0;

  /** Room for `capacity` constraints whose images have the sizes of `list`'s. */
  constructor(list: ItemsetList) {
    const capacity = list.count;
    let width = -1;
    let total = 0;
    for (let i = 0; i < capacity; i++) {
      const size = list.sizeOf(i);
      width = width === -1 || width === size ? size : -2;
      total += size;
    }
    this.width = Math.max(0, width);
    if (width < 0 && capacity > 0) {
      this.starts = new Int32Array(capacity + 1);
      for (let i = 0; i < capacity; i++) this.starts[i + 1] = this.starts[i] + list.sizeOf(i);
    } else this.starts = null;
    this.slots = new Int32Array(total);
    let longest = 0;
    for (let i = 0; i < capacity; i++) longest = Math.max(longest, list.sizeOf(i));
    this.lengths = longest < 1 << 16 ? new Uint16Array(capacity) : new Int32Array(capacity);
    this.tableSlot = new Int32Array(capacity).fill(-1);
    this.table = new Int32Array(tableSize(capacity));
  }

  /** Bytes held for `count` constraints of `slots` slots in all (the set's estimate). */
  static bytesFor(count: number, slots: number): number {
    return slots * 4 + count * 6 + tableSize(count) * 4;
  }

  length(ci: number): number {
    return this.lengths[ci];
  }

  /** Constraint ci's image (a view: valid until the image changes). */
  image(ci: number): Int32Array {
    const base = this.base(ci);
    return this.slots.subarray(base, base + this.lengths[ci]);
  }

  /** The other gid of a pair constraint holding g. */
  other(ci: number, g: number): number {
    const base = this.base(ci);
    return this.slots[base] === g ? this.slots[base + 1] : this.slots[base];
  }

  includes(ci: number, g: number): boolean {
    const base = this.base(ci);
    for (let t = base; t < base + this.lengths[ci]; t++) if (this.slots[t] === g) return true;
    return false;
  }

  /** Adds a constraint of `image` (ascending, distinct), not keyed yet; returns its index. */
  add(image: ArrayLike<number>, length: number): number {
    const ci = this.count++;
    const base = this.base(ci);
    for (let j = 0; j < length; j++) this.slots[base + j] = image[j];
    this.lengths[ci] = length;
    return ci;
  }

  /** The constraint keyed with an image equal to image[0..length), or -1. */
  find(image: ArrayLike<number>, length: number): number {
    const mask = this.table.length - 1;
    for (let at = hashOf(image, 0, length) & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at];
      if (entry === EMPTY) return -1;
      if (entry !== DELETED && this.equals(entry - 1, image, length)) return entry - 1;
    }
  }

  keyed(ci: number): boolean {
    return this.tableSlot[ci] >= 0;
  }

  /** Keys ci under its image (no other constraint may be keyed with an equal image). */
  key(ci: number): void {
    if ((this.used + 1) * 8 > this.table.length * 7) this.rehash();
    const mask = this.table.length - 1;
    let at = this.hashOfConstraint(ci) & mask;
    while (this.table[at] !== EMPTY && this.table[at] !== DELETED) at = (at + 1) & mask;
    if (this.table[at] === EMPTY) this.used++;
    this.table[at] = ci + 1;
    this.tableSlot[ci] = at;
  }

  unkey(ci: number): void {
    const at = this.tableSlot[ci];
    if (at < 0) return;
    this.table[at] = DELETED;
    this.tableSlot[ci] = -1;
  }

  /** In ci's image, `from` becomes `to` (dropped when `to` is there already); ci must be unkeyed. */
  rename(ci: number, from: number, to: number): void {
    this.remove(ci, from);
    const base = this.base(ci);
    const length = this.lengths[ci];
    let at = 0;
    while (at < length && this.slots[base + at] < to) at++;
    if (at < length && this.slots[base + at] === to) return;
    // `from` was there: the image keeps its slots.
    for (let t = length; t > at; t--) this.slots[base + t] = this.slots[base + t - 1];
    this.slots[base + at] = to;
    this.lengths[ci] = length + 1;
  }

  /** Drops g from ci's image; ci must be unkeyed. */
  remove(ci: number, g: number): void {
    const base = this.base(ci);
    const length = this.lengths[ci];
    let kept = 0;
    for (let t = 0; t < length; t++)
      if (this.slots[base + t] !== g) this.slots[base + kept++] = this.slots[base + t];
    this.lengths[ci] = kept;
  }

  private base(ci: number): number {
    return this.starts ? this.starts[ci] : ci * this.width;
  }

  private equals(ci: number, image: ArrayLike<number>, length: number): boolean {
    if (this.lengths[ci] !== length) return false;
    const base = this.base(ci);
    for (let j = 0; j < length; j++) if (this.slots[base + j] !== image[j]) return false;
    return true;
  }

  private hashOfConstraint(ci: number): number {
    return hashOf(this.slots, this.base(ci), this.lengths[ci]);
  }

  /** The table again without its deleted entries (they fill it as images change). */
  private rehash(): void {
    const live: number[] = [];
    for (const entry of this.table) if (entry > 0) live.push(entry - 1);
    this.table = new Int32Array(Math.max(this.table.length, tableSize(live.length * 2)));
    this.used = 0;
    for (const ci of live) {
      this.tableSlot[ci] = -1;
      this.key(ci);
    }
  }
}

/** A power of two with room for `count` keys at a load of three quarters at most. */
function tableSize(count: number): number {
  let size = 16;
  while (size * 3 < count * 4) size *= 2;
  return size;
}

function hashOf(values: ArrayLike<number>, from: number, length: number): number {
  let h = 0x9e3779b9 ^ length;
  for (let j = 0; j < length; j++) {
    h = Math.imul(h ^ values[from + j], 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
