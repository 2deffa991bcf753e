/**
 * A set of flags 0..size-1, all raised at first, that can be lowered one by one while answering
 * "how many are raised before i" and "which is the n-th raised one" in O(log size) (a Fenwick or
 * binary indexed tree over the flags). PatternKa's cache uses it to pick the n-th pattern still
 * frequent in mined order without filtering the whole cache after every group.
 */
export class FenwickFlags {
  /** tree[i] (1-based) counts the raised flags in (i - lowbit(i), i]. */
  private readonly tree: Int32Array;
  private readonly raised: Uint8Array;

  constructor(readonly size: number) {
    this.tree = new Int32Array(size + 1);
    this.raised = new Uint8Array(size).fill(1);
    for (let i = 1; i <= size; i++) {
      this.tree[i] += 1;
      const parent = i + (i & -i);
      if (parent <= size) this.tree[parent] += this.tree[i];
    }
  }

  isRaised(index: number): boolean {
    return this.raised[index] === 1;
  }

  lower(index: number): void {
    if (this.raised[index] === 0) return;
    this.raised[index] = 0;
    for (let i = index + 1; i <= this.size; i += i & -i) this.tree[i]--;
  }

  /** How many flags below `end` are raised. */
  countBelow(end: number): number {
    let count = 0;
    for (let i = end; i > 0; i -= i & -i) count += this.tree[i];
    return count;
  }

  /** The index of the raised flag with `n` raised flags before it (n counted from 0). */
  nthRaised(n: number): number {
    let at = 0;
    let left = n;
    for (let step = highestPowerOfTwo(this.size); step > 0; step >>= 1) {
      const next = at + step;
      if (next <= this.size && this.tree[next] <= left) {
        at = next;
        left -= this.tree[next];
      }
    }
    return at; // 1-based position at + 1, so index at
  }
}

function highestPowerOfTwo(n: number): number {
  let power = 1;
  while (power * 2 <= n) power *= 2;
  return n === 0 ? 0 : power;
}
