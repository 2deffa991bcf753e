/**
 * Assembles a Dataset row by row, as parsers and generators produce them: sorts each row,
 * keeps a repeated item once (and counts it, for the parser's warning), then moves the CSR arrays
 * into shared memory (unless asked not to: rows only this thread reads, such as a release's
 * published rows) and builds the dense BitMatrix when it fits the budget (DESIGN.md sec. 2).
 */
import { BitMatrix } from './bitMatrix.ts';
import { Dataset, DEFAULT_BITMATRIX_BUDGET, type DatasetHandle } from './dataset.ts';
import { ItemDictionary } from './itemDictionary.ts';
import { allocateBuffer, toSharedU32 } from './sharedBuffer.ts';
import { marksPay, sortDistinct, sortDistinctBelow } from './sortPrefix.ts';
import { U32Vec } from './u32Vec.ts';

export class DatasetBuilder {
  readonly dictionary: ItemDictionary;
  private readonly offsets: U32Vec;
  private readonly items: U32Vec;
  private scratch = new Uint32Array(64);
  private marks = new Uint32Array(0);

  /** `expectedItems` presizes the item array (a guess; it grows past it). */
  constructor(dictionary = new ItemDictionary(), expectedItems = 8192) {
    this.dictionary = dictionary;
    // The items grow in shared memory (where there is any), so that build() hands them on uncopied.
    this.items = new U32Vec(expectedItems, allocateBuffer);
    this.offsets = new U32Vec(Math.max(1024, expectedItems >>> 3));
    this.offsets.push(0);
  }

  get rowCount(): number {
    return this.offsets.length - 1;
  }

  /**
   * Appends one transaction made of the first `length` ids of `ids` (reordered in place).
   * Returns how many repeated items were dropped from it (0 for a proper set).
   */
  addRow(ids: Uint32Array, length = ids.length): number {
    const distinct = this.sortRow(ids, length);
    const items = this.items;
    items.reserve(distinct);
    items.data.set(ids.subarray(0, distinct), items.length);
    items.length += distinct;
    this.offsets.push(items.length);
    return length - distinct;
  }

  /**
   * A row written in place (issue 46: no scratch row copied): its ids go into `rowData` from
   * `rowStart` on, room made by `rowRoom`, and `endRow` closes it. Valid until the next `rowRoom`.
   */
  get rowData(): Uint32Array {
    return this.items.data;
  }

  /** Where the open row's first id goes in `rowData`. */
  get rowStart(): number {
    return this.items.length;
  }

  /** Room for `count` more ids past the open row's `written` ones; returns `rowData` (it may be a new array). */
  rowRoom(written: number, count: number): Uint32Array {
    this.items.reserve(written + count);
    return this.items.data;
  }

  /**
   * Closes the open row: its `length` ids, written from `rowStart`, sorted in place and each kept
   * once. Returns how many repeated items were dropped from it (0 for a proper set).
   */
  endRow(length: number): number {
    const items = this.items;
    const distinct = this.sortRow(items.data.subarray(items.length, items.length + length), length);
    items.length += distinct;
    this.offsets.push(items.length);
    return length - distinct;
  }

  /** Sorts row[0..length) in place, each id once at the front; returns how many are distinct. */
  private sortRow(row: Uint32Array, length: number): number {
    const d = this.dictionary.size;
    if (marksPay(length, d)) {
      if (this.marks.length < (d + 31) >>> 5) this.marks = new Uint32Array(((d + 31) >>> 5) * 2);
      const distinct = sortDistinctBelow(row, length, this.marks);
      if (distinct >= 0) return distinct;
    }
    return sortDistinct(row, length);
  }

  /** The ids of row `index`, a row closed before (a view into the items: read it before adding rows). */
  rowIds(index: number): Uint32Array {
    return this.items.data.subarray(this.offsets.get(index), this.offsets.get(index + 1));
  }

  /** Appends one transaction given by item ids in a plain array. */
  addIds(ids: readonly number[]): number {
    if (ids.length > this.scratch.length) this.scratch = new Uint32Array(ids.length * 2);
    for (let i = 0; i < ids.length; i++) this.scratch[i] = ids[i];
    return this.addRow(this.scratch, ids.length);
  }

  /** Appends one transaction given by tokens. Returns the number of repeats dropped. */
  addTokens(tokens: readonly string[]): number {
    return this.addIds(tokens.map((t) => this.dictionary.idOf(t)));
  }

  build(
    name: string,
    format: DatasetHandle['format'],
    bitBudget = DEFAULT_BITMATRIX_BUDGET,
    shared = true,
  ): Dataset {
    const offsets = shared ? toSharedU32(this.offsets.view()) : this.offsets.view();
    const view = this.items.view();
    const inShared = typeof SharedArrayBuffer !== 'undefined' && view.buffer instanceof SharedArrayBuffer;
    const items = shared && !inShared ? toSharedU32(view) : view;
    const d = this.dictionary.size;
    const n = offsets.length - 1;
    const bits = BitMatrix.bytesFor(n, d) <= bitBudget ? () => BitMatrix.fromCsr(offsets, items, d) : null;
    return new Dataset(name, format, offsets, items, this.dictionary, bits);
  }
}
