/**
 * A growable Uint32Array: amortised O(1) push, used while parsers assemble CSR arrays. Given an
 * allocator (sharedBuffer.ts allocateBuffer), it grows in that memory, so that the filled part can
 * be handed on as it is, without a last copy.
 */
export class U32Vec {
  /** The backing array; only `data[0..length)` is filled. Writers may fill it directly after `reserve`. */
  data: Uint32Array;
  length = 0;

  constructor(
    initialCapacity = 1024,
    private readonly allocate: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes),
  ) {
    this.data = new Uint32Array(this.allocate(Math.max(16, initialCapacity) * 4));
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Makes room for `count` more values past `length` (kept when the array grows), to be written in `data`. */
  reserve(count: number): void {
    if (this.length + count > this.data.length) this.grow(this.length + count);
  }

  get(index: number): number {
    return this.data[index];
  }

  /** A view of the filled part (shares memory with the vector until it grows again). */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  private grow(minCapacity: number): void {
    let capacity = this.data.length * 2;
    while (capacity < minCapacity) capacity *= 2;
    const next = new Uint32Array(this.allocate(capacity * 4));
    // The whole array, not only data[0..length): a row written past `length` after `reserve`
    // (DatasetBuilder's rows written in place) outlives a later growth.
    next.set(this.data);
    this.data = next;
  }
}
