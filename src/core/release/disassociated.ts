/**
 * The `disassociated` release kind (DESIGN.md sec. 4 and 8), as disassociation publishes it
 * (Terrovitis, Liagouris, Mamoulis, Skiadopoulos, "Privacy preservation by disassociation", PVLDB
 * 5(10) 2012, Sec. 3): the input rows split horizontally into clusters; each cluster split
 * vertically into record chunks (a set of items, its domain, and the cluster's rows projected on
 * it: the sub-records, shuffled apart from every other chunk's) and a term chunk (items only, no
 * counts). JSON: `clusters: [{ "rows": N, "recordChunks": [{ "items": [...], "subrecords": [[...],
 * ...] }], "termChunk": [...] }]`. A sub-record is published only when it is not empty: a chunk's
 * empty projections are the cluster's `rows` less its sub-records.
 * The typed form holds the chunks as three levels of CSR over one token table (tokenRows.ts), as a
 * `buckets` release holds its cells; `plainClusters`/`clustersTableOf` convert to and from JSON.
 * The audit (never published) lists each cluster's input rows and the input row of every
 * sub-record (chunks in order, sub-records in their published order).
 */
import { arrayOf, integer, STRING, type Shape } from './jsonShape.ts';
import type { ReleaseHeader } from './types.ts';
import { tokenArrays, TokenRowsBuilder, type IdRows, type TokenRows } from './tokenRows.ts';

export interface DisassociatedTable {
  /** Each cluster's number of input rows. */
  readonly rows: Uint32Array;
  /** Cluster c's record chunks are chunks chunkStart[c] .. chunkStart[c+1]-1 (length: clusters + 1). */
  readonly chunkStart: Uint32Array;
  /** Row j: record chunk j's items (its domain), in published order. */
  readonly chunkItems: TokenRows;
  /** Chunk j's sub-records are rows subStart[j] .. subStart[j+1]-1 of `subrecords` (length: chunks + 1). */
  readonly subStart: Uint32Array;
  readonly subrecords: TokenRows;
  /** Row c: cluster c's term chunk. */
  readonly termChunks: TokenRows;
}

export interface DisassociatedRelease extends ReleaseHeader {
  kind: 'disassociated';
  clusters: DisassociatedTable;
}

export interface DisassociatedAudit {
  /** Row c: the input rows of cluster c. */
  clusters: IdRows;
  /** The input row of each sub-record, in the order of `subrecords`. */
  subrecordOf: Uint32Array;
  /**
   * The safe variant (arXiv 1904.03112): occurrences left out to break covers, as pairs
   * (input row, input item id) flattened; absent when nothing was left out.
   */
  suppressed?: Uint32Array;
}

export interface PlainChunk {
  items: string[];
  subrecords: string[][];
}
export interface PlainCluster {
  rows: number;
  recordChunks: PlainChunk[];
  termChunk: string[];
}
export interface PlainDisassociatedAudit {
  clusters: number[][];
  subrecordOf: number[];
  suppressed?: number[];
}

const tokens = arrayOf(STRING);
const rowIndex = integer(0, 0xfffffffe);

export const DISASSOCIATED_BODY_SHAPE: Shape = {
  type: 'object',
  fields: {
    clusters: arrayOf({
      type: 'object',
      fields: {
        rows: integer(0, 0xfffffffe),
        recordChunks: arrayOf({ type: 'object', fields: { items: tokens, subrecords: arrayOf(tokens) } }),
        termChunk: tokens,
      },
    }),
  },
};

export const DISASSOCIATED_AUDIT_SHAPE: Shape = {
  type: 'object',
  fields: {
    clusters: arrayOf(arrayOf(rowIndex)),
    subrecordOf: arrayOf(rowIndex),
    suppressed: arrayOf(integer(0, 0xfffffffe)),
  },
  optional: ['suppressed'],
};

/** The typed table of clusters read from JSON (one token table shared by its three row sets). */
export function clustersTableOf(clusters: readonly PlainCluster[]): DisassociatedTable {
  const table: string[] = [];
  const seen = new Set<string>();
  const note = (list: readonly string[]) => {
    for (const t of list)
      if (!seen.has(t)) {
        seen.add(t);
        table.push(t);
      }
  };
  for (const cluster of clusters) {
    note(cluster.termChunk);
    for (const chunk of cluster.recordChunks) {
      note(chunk.items);
      for (const sub of chunk.subrecords) note(sub);
    }
  }
  const chunkItems = new TokenRowsBuilder(table);
  const subrecords = new TokenRowsBuilder(table);
  const termChunks = new TokenRowsBuilder(table);
  const rows = new Uint32Array(clusters.length);
  const chunkStart = new Uint32Array(clusters.length + 1);
  const subStart: number[] = [0];
  clusters.forEach((cluster, c) => {
    rows[c] = cluster.rows;
    for (const chunk of cluster.recordChunks) {
      chunkItems.addTokens(chunk.items);
      for (const sub of chunk.subrecords) subrecords.addTokens(sub);
      subStart.push(subrecords.rowCount);
    }
    chunkStart[c + 1] = chunkItems.rowCount;
    termChunks.addTokens(cluster.termChunk);
  });
  return {
    rows,
    chunkStart,
    chunkItems: chunkItems.build(),
    subStart: Uint32Array.from(subStart),
    subrecords: subrecords.build(),
    termChunks: termChunks.build(),
  };
}

/** Clusters from..to-1 as JSON publishes them. */
export function plainClusters(table: DisassociatedTable, from = 0, to = table.rows.length): PlainCluster[] {
  const out: PlainCluster[] = [];
  for (let c = from; c < to; c++) {
    const recordChunks: PlainChunk[] = [];
    for (let j = table.chunkStart[c]; j < table.chunkStart[c + 1]; j++)
      recordChunks.push({
        items: tokenArrays(table.chunkItems, j, j + 1)[0],
        subrecords: tokenArrays(table.subrecords, table.subStart[j], table.subStart[j + 1]),
      });
    out.push({ rows: table.rows[c], recordChunks, termChunk: tokenArrays(table.termChunks, c, c + 1)[0] });
  }
  return out;
}

/** The number of clusters. */
export function clusterCount(table: DisassociatedTable): number {
  return table.rows.length;
}
