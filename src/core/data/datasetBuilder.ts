/**
 * Assembles a Dataset row by row, as parsers and generators produce them: sorts each row,
 * keeps a repeated item once (and counts it, for the parser's warning), then moves the CSR arrays
 * into shared memory and builds the dense BitMatrix when it fits the budget (DESIGN.md sec. 2).
 */
import { BitMatrix } from './bitMatrix.ts';
import { Dataset, DEFAULT_BITMATRIX_BUDGET, type DatasetHandle } from './dataset.ts';
import { ItemDictionary } from './itemDictionary.ts';
import { toSharedU32 } from './sharedBuffer.ts';
import { U32Vec } from './u32Vec.ts';

export class DatasetBuilder {
  readonly dictionary: ItemDictionary;
  private readonly offsets = new U32Vec(1024);
  private readonly items = new U32Vec(8192);

  constructor(dictionary = new ItemDictionary()) {
    this.dictionary = dictionary;
    this.offsets.push(0);
  }

  get rowCount(): number {
    return this.offsets.length - 1;
  }

  /**
   * Appends one transaction made of the first `length` ids of `ids` (reordered in place).
   * Returns how many repeated items were dropped from it (0 for a proper set).
   */
  addRow(ids: Uint32Array | number[], length = ids.length): number {
    sortPrefix(ids, length);
    let kept = 0;
    let last = -1;
    for (let i = 0; i < length; i++) {
      const id = ids[i];
      if (id !== last) {
        this.items.push(id);
        kept++;
        last = id;
      }
    }
    this.offsets.push(this.items.length);
    return length - kept;
  }

  /** Appends one transaction given by tokens. Returns the number of repeats dropped. */
  addTokens(tokens: readonly string[]): number {
    const ids = tokens.map((t) => this.dictionary.idOf(t));
    return this.addRow(ids);
  }

  build(name: string, format: DatasetHandle['format'], bitBudget = DEFAULT_BITMATRIX_BUDGET): Dataset {
    const offsets = toSharedU32(this.offsets.view());
    const items = toSharedU32(this.items.view());
    const d = this.dictionary.size;
    const n = offsets.length - 1;
    const bits = BitMatrix.bytesFor(n, d) <= bitBudget ? BitMatrix.fromCsr(offsets, items, d) : null;
    return new Dataset(name, format, offsets, items, this.dictionary, bits);
  }
}

/** Sorts ids[0..length) ascending: insertion sort for the short rows that dominate real data. */
function sortPrefix(ids: Uint32Array | number[], length: number): void {
  if (length > 24) {
    if (ids instanceof Uint32Array) ids.subarray(0, length).sort();
    else ids.splice(0, length, ...ids.slice(0, length).sort((a, b) => a - b));
    return;
  }
  for (let i = 1; i < length; i++) {
    const v = ids[i];
    let j = i - 1;
    while (j >= 0 && ids[j] > v) {
      ids[j + 1] = ids[j];
      j--;
    }
    ids[j + 1] = v;
  }
}
