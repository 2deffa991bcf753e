/**
 * A release and its audit in their JSON form (DESIGN.md sec. 4), as plain objects: what a file
 * read back parses to (parseRelease.ts), what tests write by hand, and what a small view shows.
 * `releaseFromPlain` and `releaseToPlain` convert between it and the typed form the pipeline holds
 * (types.ts), keeping every key in its place, each row's tokens in their order (repeats too) and
 * each group's sensitive counts in the order the JSON object lists them.
 */
import type {
  Audit,
  BucketsTable,
  DiffPartPartition,
  GroupsTable,
  Release,
  ReleaseHeader,
  SyntheticAudit,
} from './types.ts';
import type { ItemsetsAudit, ItemsetsRelease } from './itemsets.ts';
import type { PrivBayesNetwork } from '../dp/bayesNet.ts';
import {
  clustersTableOf,
  plainClusters,
  type PlainCluster,
  type PlainDisassociatedAudit,
} from './disassociated.ts';
import {
  idRowsOf,
  numberArrays,
  tokenArrays,
  TokenRowsBuilder,
  tokenRowsOf,
  type TokenCounts,
} from './tokenRows.ts';

export interface PlainGroup {
  qid: string[][];
  sensitive: Record<string, number>;
}
export interface PlainBucket {
  size: number;
  columns: string[][][];
}

export type PlainRelease =
  | ItemsetsRelease
  | (ReleaseHeader &
      (
        | { kind: 'groups'; groups: PlainGroup[] }
        | {
            kind: 'transactions';
            transactions: string[][];
            partitions?: DiffPartPartition[];
            network?: PrivBayesNetwork;
          }
        | {
            kind: 'generalized';
            generalized: Record<string, string[]>;
            suppressed: string[];
            transactions: string[][];
          }
        | { kind: 'buckets'; columns: string[][]; buckets: PlainBucket[] }
        | { kind: 'disassociated'; clusters: PlainCluster[] }
      ));

export type PlainAudit =
  | { groups: number[][] }
  | { rowOf: number[]; constraints?: string[][]; utility?: string[][] }
  | { buckets: number[][] }
  | SyntheticAudit
  | ItemsetsAudit
  | PlainDisassociatedAudit;

/** The typed release of a plain one (keys and their order kept). */
export function releaseFromPlain(plain: PlainRelease): Release {
  switch (plain.kind) {
    case 'groups':
      return { ...plain, groups: groupsTableOf(plain.groups) };
    case 'transactions':
      return { ...plain, transactions: tokenRowsOf(plain.transactions) };
    case 'generalized':
      return { ...plain, transactions: tokenRowsOf(plain.transactions) };
    case 'buckets':
      return { ...plain, buckets: bucketsTableOf(plain.buckets) };
    case 'itemsets':
      return plain;
    case 'disassociated':
      return { ...plain, clusters: clustersTableOf(plain.clusters) };
  }
}

/** The plain form of a release (for small releases: it holds a JS array per row). */
export function releaseToPlain(release: Release): PlainRelease {
  switch (release.kind) {
    case 'groups':
      return { ...release, groups: plainGroups(release.groups) };
    case 'transactions':
      return { ...release, transactions: tokenArrays(release.transactions) };
    case 'generalized':
      return { ...release, transactions: tokenArrays(release.transactions) };
    case 'buckets':
      return { ...release, buckets: plainBuckets(release.buckets) };
    case 'itemsets':
      return release;
    case 'disassociated':
      return { ...release, clusters: plainClusters(release.clusters) };
  }
}

/** The typed audit of a plain one. */
export function auditFromPlain(plain: PlainAudit): Audit {
  if ('subrecordOf' in plain)
    return {
      clusters: idRowsOf(plain.clusters),
      subrecordOf: Uint32Array.from(plain.subrecordOf),
      ...(plain.suppressed && { suppressed: Uint32Array.from(plain.suppressed) }),
    };
  if ('groups' in plain) return { ...plain, groups: idRowsOf(plain.groups) };
  if ('buckets' in plain) return { ...plain, buckets: idRowsOf(plain.buckets) };
  if ('rowOf' in plain) return { ...plain, rowOf: Uint32Array.from(plain.rowOf) };
  return plain;
}

export function auditToPlain(audit: Audit): PlainAudit {
  if ('subrecordOf' in audit)
    return {
      clusters: numberArrays(audit.clusters),
      subrecordOf: Array.from(audit.subrecordOf),
      ...(audit.suppressed && { suppressed: Array.from(audit.suppressed) }),
    };
  if ('groups' in audit) return { ...audit, groups: numberArrays(audit.groups) };
  if ('buckets' in audit) return { ...audit, buckets: numberArrays(audit.buckets) };
  if ('rowOf' in audit) return { ...audit, rowOf: Array.from(audit.rowOf) };
  return audit;
}

function groupsTableOf(groups: readonly PlainGroup[]): GroupsTable {
  const qid = new TokenRowsBuilder();
  const start = new Uint32Array(groups.length + 1);
  const sensitiveItems: number[] = [];
  const counts: number[] = [];
  const sensitiveOffsets = new Uint32Array(groups.length + 1);
  groups.forEach((group, g) => {
    for (const row of group.qid) qid.addTokens(row);
    start[g + 1] = qid.rowCount;
    for (const [token, count] of Object.entries(group.sensitive)) {
      sensitiveItems.push(qid.idOf(token));
      counts.push(count);
    }
    sensitiveOffsets[g + 1] = counts.length;
  });
  const rows = qid.build();
  return {
    start,
    qid: rows,
    sensitive: {
      tokens: rows.tokens,
      offsets: sensitiveOffsets,
      items: Uint32Array.from(sensitiveItems),
      counts: Float64Array.from(counts),
    },
  };
}

/** Group g's sensitive counts as the object JSON publishes. */
export function sensitiveObject(counts: TokenCounts, g: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = counts.offsets[g]; k < counts.offsets[g + 1]; k++)
    // An own property whatever the token (`out['__proto__'] = 1` would set the prototype).
    Object.defineProperty(out, counts.tokens[counts.items[k]], {
      value: counts.counts[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function plainGroups(table: GroupsTable): PlainGroup[] {
  const groups: PlainGroup[] = [];
  for (let g = 0; g + 1 < table.start.length; g++)
    groups.push({
      qid: tokenArrays(table.qid, table.start[g], table.start[g + 1]),
      sensitive: sensitiveObject(table.sensitive, g),
    });
  return groups;
}

function bucketsTableOf(buckets: readonly PlainBucket[]): BucketsTable {
  const cells = new TokenRowsBuilder();
  const size = new Uint32Array(buckets.length);
  const columnStart = new Uint32Array(buckets.length + 1);
  const cellStart: number[] = [0];
  buckets.forEach((bucket, b) => {
    size[b] = bucket.size;
    for (const column of bucket.columns) {
      for (const cell of column) cells.addTokens(cell);
      cellStart.push(cells.rowCount);
    }
    columnStart[b + 1] = cellStart.length - 1;
  });
  return { size, columnStart, cellStart: Uint32Array.from(cellStart), cells: cells.build() };
}

/** Buckets from..to-1 as JSON publishes them. */
export function plainBuckets(table: BucketsTable, from = 0, to = table.size.length): PlainBucket[] {
  const out: PlainBucket[] = [];
  for (let b = from; b < to; b++) {
    const columns: string[][][] = [];
    for (let j = table.columnStart[b]; j < table.columnStart[b + 1]; j++)
      columns.push(tokenArrays(table.cells, table.cellStart[j], table.cellStart[j + 1]));
    out.push({ size: table.size[b], columns });
  }
  return out;
}
