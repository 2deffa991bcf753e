/**
 * Some rows of a Dataset as a Dataset of their own (in the order given), over the same dictionary
 * and item ids: a partition's input rows, counted with the tools a whole input is counted with
 * (tid-lists, ItemRows) at the partition's size. No BitMatrix (its memory is the point saved).
 */
import { Dataset } from './dataset.ts';

export function rowSubset(dataset: Dataset, rows: ArrayLike<number>, name = dataset.name): Dataset {
  const offsets = new Uint32Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = offsets[i] + dataset.rowLength(rows[i]);
  const items = new Uint32Array(offsets[rows.length]);
  for (let i = 0; i < rows.length; i++) items.set(dataset.row(rows[i]), offsets[i]);
  return new Dataset(name, dataset.format, offsets, items, dataset.dictionary, null);
}
