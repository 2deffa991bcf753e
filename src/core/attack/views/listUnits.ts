/**
 * The scorer's link for a release whose audit lists the input rows of each published unit (a
 * `buckets` release's buckets, a `disassociated` release's clusters): the unit of each input row,
 * -1 for a row no list names.
 */
import type { CsrRows } from '../../data/dataset.ts';

export function unitsOfLists(n: number, lists: CsrRows | undefined): Int32Array {
  const unit = new Int32Array(n).fill(-1);
  if (!lists) return unit;
  const { offsets, items } = lists;
  for (let u = 0; u + 1 < offsets.length; u++)
    for (let k = offsets[u]; k < offsets[u + 1]; k++) if (items[k] < n) unit[items[k]] = u;
  return unit;
}
