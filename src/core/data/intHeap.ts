/** A binary min-heap of 32-bit integers in a typed array that doubles when full. */
export class IntHeap {
  private values = new Int32Array(16);
  size = 0;

  push(value: number): void {
    if (this.size === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    const heap = this.values;
    let i = this.size++;
    heap[i] = value;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent] <= heap[i]) break;
      const swap = heap[parent];
      heap[parent] = heap[i];
      heap[i] = swap;
      i = parent;
    }
  }

  /** The least value, taken out (the heap must not be empty). */
  pop(): number {
    const heap = this.values;
    const top = heap[0];
    const last = heap[--this.size];
    if (this.size > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < this.size && heap[l] < heap[least]) least = l;
        if (r < this.size && heap[r] < heap[least]) least = r;
        if (least === i) break;
        const swap = heap[least];
        heap[least] = heap[i];
        heap[i] = swap;
        i = least;
      }
    }
    return top;
  }
}
