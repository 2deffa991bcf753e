/**
 * A few input rows beside what the release publishes for them (the same row, before and after),
 * found through the audit: a `transactions` or `generalized` row is published as one row; a `groups`
 * row publishes its QID items exactly, its sensitive items only as its group's counts; a `buckets`
 * row publishes every item, each column shuffled apart within its bucket. Rows are taken evenly
 * spaced over the input, those the release changed first, then shown in input order.
 */
import type { DisassociatedAudit } from '../../release/disassociated.ts';
import type { Dataset } from '../../data/dataset.ts';
import { compareTokens } from '../../data/tokenOrder.ts';
import type { Audit, BucketsAudit, GroupsAudit, Release, RowsAudit } from '../../release/types.ts';
import type { CsrRows } from '../../data/dataset.ts';
import { sensitiveObject } from '../../release/plainRelease.ts';
import { bucketColumnCount } from '../../release/tables.ts';
import { rowTokens } from '../../release/tokenRows.ts';

export interface RowExample {
  /** Input row, from 0. */
  row: number;
  before: string[];
  after: string[];
  /** What else the release says about this row (its group's counts, its bucket). */
  note?: string;
  changed: boolean;
}

/** How many evenly spaced rows are looked at to find changed ones. */
const LOOKED_AT = 60;

export function rowExamples(dataset: Dataset, release: Release, audit: Audit, count = 6): RowExample[] {
  // A differential-privacy release publishes no input row (synthetic rows, itemsets): none to show.
  if (release.kind === 'itemsets' || (release.kind === 'transactions' && !('rowOf' in audit))) return [];
  const describe = describer(dataset, release, audit);
  const looked = Math.min(dataset.n, LOOKED_AT);
  const candidates: RowExample[] = [];
  for (let k = 0; k < looked; k++) candidates.push(describe(Math.floor((k * dataset.n) / looked)));
  const chosen = [...candidates.filter((e) => e.changed), ...candidates.filter((e) => !e.changed)];
  return chosen.slice(0, count).sort((a, b) => a.row - b.row);
}

const sorted = (tokens: Iterable<string>) => [...tokens].sort(compareTokens);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/** The example of input row r, per release kind. */
function describer(
  dataset: Dataset,
  release: Exclude<Release, { kind: 'itemsets' }>,
  audit: Audit,
): (r: number) => RowExample {
  switch (release.kind) {
    case 'transactions':
    case 'generalized': {
      const rowOf = (audit as RowsAudit).rowOf;
      const publishedOf = inverse(dataset.n, { offsets: Uint32Array.of(0, rowOf.length), items: rowOf });
      return (r) => {
        const before = sorted(dataset.rowTokens(r));
        const p = publishedOf.index[r];
        const after = sorted(p >= 0 ? rowTokens(release.transactions, p) : []);
        return { row: r, before, after, changed: !sameSet(before, after) };
      };
    }
    case 'groups': {
      const at = inverse(dataset.n, (audit as GroupsAudit).groups);
      const { start, qid, sensitive } = release.groups;
      return (r) => {
        const g = at.list[r];
        const counts = Object.entries(sensitiveObject(sensitive, g)).filter(([, c]) => c > 0);
        const before = sorted(dataset.rowTokens(r));
        const size = start[g + 1] - start[g];
        const after = sorted(at.index[r] < size ? rowTokens(qid, start[g] + at.index[r]) : []);
        const note =
          `in group ${g + 1} of ${size} rows, which publishes ` +
          (counts.length === 0
            ? 'no sensitive item'
            : `its sensitive items as counts: ${counts.map(([s, c]) => `${s} ×${c}`).join(', ')}`);
        return { row: r, before, after, note, changed: !sameSet(before, after) };
      };
    }
    case 'buckets': {
      const at = inverse(dataset.n, (audit as BucketsAudit).buckets);
      return (r) => {
        const b = at.list[r];
        const before = sorted(dataset.rowTokens(r));
        const note = `in bucket ${b + 1} of ${release.buckets.size[b]} rows: each of its ${bucketColumnCount(release.buckets, b)} columns is published as a list shuffled apart from the others, so these items are no longer linked to one row`;
        return { row: r, before, after: before, note, changed: before.length > 0 };
      };
    }
    case 'disassociated': {
      const at = inverse(dataset.n, (audit as DisassociatedAudit).clusters);
      const { chunkStart, rows } = release.clusters;
      return (r) => {
        const c = at.list[r];
        const before = sorted(dataset.rowTokens(r));
        const note = `in cluster ${c + 1} of ${rows[c]} rows: its items are published in ${chunkStart[c + 1] - chunkStart[c]} record chunks shuffled apart and a term chunk without counts, so they are no longer linked to one row`;
        return { row: r, before, after: before, note, changed: before.length > 0 };
      };
    }
  }
}

/** For each input row, which list of the audit holds it and at which position. */
function inverse(n: number, lists: CsrRows): { list: Int32Array; index: Int32Array } {
  const list = new Int32Array(n).fill(-1);
  const index = new Int32Array(n).fill(-1);
  for (let l = 0; l + 1 < lists.offsets.length; l++)
    for (let k = lists.offsets[l]; k < lists.offsets[l + 1]; k++) {
      list[lists.items[k]] = l;
      index[lists.items[k]] = k - lists.offsets[l];
    }
  return { list, index };
}
