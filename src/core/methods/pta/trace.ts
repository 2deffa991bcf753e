/**
 * PTA's intermediate results in tokens, for the teaching view (Figs. 2-7): the Gray-sorted rows,
 * each segment's Hamming matrix, best loop, candidate groups and equivalence classes. Row names are
 * T1..Tn in input order, as in the paper.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { ItemOrder } from '../shared/itemOrder.ts';
import { itemPositions } from '../shared/itemOrder.ts';
import { ptaTrace } from './ptaTrace.ts';

export interface PtaTeachingTrace {
  columns: string[];
  /** Row name and bit string, in Gray order. */
  sorted: { name: string; bits: string }[];
  segments: {
    rows: string[];
    matrix: number[][];
    loop: { path: string[]; il: number };
    groups: { around: string; members: string[]; center: string; il: number }[];
    classes: { members: string[]; center: string; il: number }[];
  }[];
}

export function ptaTeachingTrace(
  dataset: Dataset,
  k: number,
  segments: number,
  order: ItemOrder,
): PtaTeachingTrace {
  const position = itemPositions(dataset, order);
  const columns = Array.from({ length: dataset.d }, (_, id) => id).sort((a, b) => position[a] - position[b]);
  const bits = (items: ArrayLike<number>) => {
    const set = new Set(Array.from(items));
    return columns.map((id) => (set.has(id) ? '1' : '0')).join('');
  };
  const name = (r: number) => `T${r + 1}`;
  const trace = ptaTrace(dataset, k, segments, order);
  return {
    columns: columns.map((id) => dataset.dictionary.token(id)),
    sorted: trace.sorted.map((r) => ({ name: name(r), bits: bits(dataset.row(r)) })),
    segments: trace.segments.map((s) => ({
      rows: s.rows.map(name),
      matrix: Array.from({ length: s.matrix.size }, (_, i) =>
        Array.from(s.matrix.distance.subarray(i * s.matrix.size, (i + 1) * s.matrix.size)),
      ),
      loop: { path: s.loop.path.map((i) => name(s.rows[i])), il: s.loop.il },
      groups: s.groups.map((g) => ({
        around: name(s.rows[s.loop.path[g.at]]),
        members: g.members.map((i) => name(s.rows[i])),
        center: bits(g.center),
        il: g.il,
      })),
      classes: s.classes.map((c) => ({ members: c.members.map(name), center: bits(c.center), il: c.il })),
    })),
  };
}
