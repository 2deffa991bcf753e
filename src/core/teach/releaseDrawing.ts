/**
 * The last step of every trace: the release the run publishes (DESIGN.md sec. 4), drawn as what it
 * is, one drawing per release kind. Rows are named after the input rows they come from, read from
 * the private audit (a teaching aid: the release itself publishes no such link); nothing else is
 * added to or taken from what the release holds, so the drawing can be checked against it.
 */
import type { Audit, Release } from '../release/types.ts';
import { auditToPlain, releaseToPlain } from '../release/plainRelease.ts';
import { count, itemSet } from './drawings.ts';
import { clustersTable } from './disassociatedDrawing.ts';
import {
  rowName,
  type BucketsDrawing,
  type Drawing,
  type MatrixDrawing,
  type TableDrawing,
} from './trace.ts';

/**
 * `columnOrder`: the QID columns of a `groups` release in the order earlier steps drew them (items
 * the release publishes but the order lacks follow, in order of first sight).
 */
/** The name the drawing gives synthetic row i of a DP release (0-based): S1, S2, ... */
export const syntheticRowName = (i: number): string => `S${i + 1}`;

export function releaseDrawing(
  typed: Release,
  typedAudit: Audit,
  columnOrder: readonly string[] = [],
): Drawing {
  // A teaching dataset is small: the release is read in its JSON form.
  const release = releaseToPlain(typed);
  const audit = auditToPlain(typedAudit);
  switch (release.kind) {
    case 'groups':
      return groupsDrawing(release.groups, (audit as { groups: number[][] }).groups, columnOrder);
    case 'transactions': {
      const rowOf = (audit as { rowOf?: number[] }).rowOf;
      // A DP release's rows are synthetic: DiffPart's copies of each kept leaf partition's
      // itemset, PrivBayes's draws from its noisy network (the release holds the `network`).
      if (!rowOf)
        return {
          kind: 'table',
          rows: release.transactions.map((items, i) => ({
            id: syntheticRowName(i),
            label: syntheticRowName(i),
            items: [...items],
          })),
          caption: `${count(release.transactions.length, 'synthetic row')}: no row of the input, ${
            'network' in release && release.network
              ? 'each drawn from the noisy Bayesian network with the published sample seed'
              : "each a copy of a kept leaf partition's itemset"
          }`,
        };
      return classesDrawing(release.transactions, rowOf);
    }
    case 'generalized':
      return {
        kind: 'table',
        rows: release.transactions.map((items, i) => {
          const id = rowName((audit as { rowOf: number[] }).rowOf[i]);
          return { id, label: id, items: [...items] };
        }),
        caption:
          `${Object.keys(release.generalized).length} generalized items ` +
          Object.entries(release.generalized)
            .map(([label, items]) => `${label} = ${itemSet(items)}`)
            .join(', ') +
          (release.suppressed.length > 0
            ? `; suppressed: ${itemSet(release.suppressed)}`
            : '; nothing suppressed'),
      };
    case 'buckets':
      return bucketsDrawing(release.columns, release.buckets, (audit as { buckets: number[][] }).buckets);
    case 'itemsets':
      // The top k itemsets (no row of the input: nothing links them to rows).
      return {
        kind: 'table',
        rows: release.itemsets.map((s, i) => ({
          id: `I${i + 1}`,
          label: `support ${s.support}`,
          items: [...s.items],
        })),
        caption: `the top ${release.itemsets.length} itemsets with their noisy supports`,
      };
    case 'disassociated': {
      const subrecordOf = (audit as { subrecordOf: number[] }).subrecordOf;
      // Sub-record i of chunk j of cluster c is sub-record (chunks before it) + i of the audit.
      const firstOf: number[][] = [];
      let at = 0;
      for (const cluster of release.clusters)
        firstOf.push(
          cluster.recordChunks.map(
            (chunk) => ((at += chunk.subrecords.length), at - chunk.subrecords.length),
          ),
        );
      return clustersTable(release.clusters, (c, j, i) => subrecordOf[firstOf[c][j] + i]);
    }
  }
}

function groupsDrawing(
  groups: { qid: string[][]; sensitive: Record<string, number> }[],
  rowsOf: number[][],
  columnOrder: readonly string[],
): MatrixDrawing {
  const columns = [...columnOrder];
  const columnOf = new Map(columns.map((token, c) => [token, c]));
  const column = (token: string) => {
    let c = columnOf.get(token);
    if (c === undefined) {
      c = columns.length;
      columns.push(token);
      columnOf.set(token, c);
    }
    return c;
  };
  const rows: MatrixDrawing['rows'] = [];
  groups.forEach((group, g) =>
    group.qid.forEach((tokens, i) => {
      const id = rowName(rowsOf[g][i]);
      rows.push({ id, label: id, cells: tokens.map(column).sort((a, b) => a - b), group: g });
    }),
  );
  return {
    kind: 'matrix',
    columns: columns.map((token) => ({ id: token, label: token })),
    rows,
    groups: groups.map((group, g) => ({
      id: `G${g + 1}`,
      label: `G${g + 1}`,
      note: count(group.qid.length, 'row'),
      counts: { ...group.sensitive },
    })),
    caption: 'QID items published exactly; sensitive items only as counts per group',
  };
}

/** Classes of a `transactions` release: runs of identical published rows, in order of first sight. */
function classesDrawing(transactions: string[][], rowOf: number[]): TableDrawing {
  const classOf = new Map<string, number>();
  const sizes: number[] = [];
  const rows = transactions.map((items, i) => {
    const key = JSON.stringify(items);
    let group = classOf.get(key);
    if (group === undefined) classOf.set(key, (group = sizes.push(0) - 1));
    sizes[group]++;
    const id = rowName(rowOf[i]);
    return { id, label: id, items: [...items], group };
  });
  return {
    kind: 'table',
    rows,
    groups: sizes.map((size, g) => ({
      id: `C${g + 1}`,
      label: `C${g + 1}`,
      note: count(size, 'identical row'),
    })),
    caption: 'every published row is identical to the other rows of its class',
  };
}

function bucketsDrawing(
  columns: string[][],
  buckets: { size: number; columns: string[][][] }[],
  rowsOf: number[][],
): BucketsDrawing {
  return {
    kind: 'buckets',
    columns: columns.map((c) => [...c]),
    buckets: buckets.map((bucket, b) => ({
      id: `B${b + 1}`,
      label: `B${b + 1}`,
      note: `rows ${rowsOf[b].map(rowName).join(', ')}; each column's values permuted within the bucket`,
      rows: Array.from({ length: bucket.size }, (_, i) => ({
        id: `B${b + 1}.${i + 1}`,
        label: `${i + 1}`,
        values: bucket.columns.map((column) => [...column[i]]),
      })),
    })),
    caption: 'published as buckets: a line of a bucket is not one person (each column is permuted)',
  };
}
