/**
 * A `disassociated` release (or one cluster of it) drawn as a table (Terrovitis et al., PVLDB 2012,
 * Fig. 1b as we recall it): each record chunk's sub-records as a group of rows, and the term chunk
 * as one row of its own; a sub-record is named after the input row it comes from, read from the
 * private audit (a teaching aid: the release publishes no such link, and the chunks' sub-records
 * are shuffled apart).
 */
import type { PlainCluster } from '../release/disassociated.ts';
import { count, itemSet } from './drawings.ts';
import { rowName, type TableDrawing } from './trace.ts';

/**
 * Clusters as a table; `rowOf(c, j, i)` names the input row of sub-record i of chunk j of cluster
 * c; `first` is the number of the first cluster drawn (P1 unless one cluster of many is drawn).
 */
export function clustersTable(
  clusters: readonly PlainCluster[],
  rowOf: (c: number, j: number, i: number) => number,
  first = 1,
): TableDrawing {
  const rows: TableDrawing['rows'] = [];
  const groups: NonNullable<TableDrawing['groups']> = [];
  clusters.forEach((cluster, c) => {
    const name = `P${c + first}`;
    cluster.recordChunks.forEach((chunk, j) => {
      const group =
        groups.push({
          id: `${name}.C${j + 1}`,
          label: `${name} C${j + 1}`,
          note: `record chunk over ${itemSet(chunk.items)}: ${count(chunk.subrecords.length, 'sub-record')} of ${count(cluster.rows, 'row')}`,
        }) - 1;
      chunk.subrecords.forEach((items, i) => {
        const id = rowName(rowOf(c, j, i));
        rows.push({ id: `${name}.C${j + 1}.${id}`, label: id, items: [...items], group });
      });
    });
    const group =
      groups.push({
        id: `${name}.T`,
        label: `${name} term chunk`,
        note: `items of ${name} with no count and no row`,
      }) - 1;
    rows.push({ id: `${name}.T`, label: 'term chunk', items: [...cluster.termChunk], group });
  });
  return {
    kind: 'table',
    rows,
    groups,
    caption:
      'each record chunk is shuffled apart from the others: the sub-records of one row are not linked across chunks',
  };
}
