/**
 * Disassociation (Terrovitis, Liagouris, Mamoulis, Skiadopoulos, PVLDB 2012, Sec. 4): HORPART's
 * clusters (horpart.ts), each split by VERPART (verpart.ts) into record chunks and a term chunk,
 * and published as a `disassociated` release (release/disassociated.ts): each record chunk's
 * sub-records (the cluster's rows projected on the chunk's items, empty ones left out) shuffled
 * with the run's RNG apart from every other chunk's, which is what hides which sub-records belong
 * to one person (Sec. 3). The refining step of Sec. 4.3 (shared chunks across clusters) is not
 * built: the release kind of DESIGN.md sec. 8 has no shared chunks (docs/disassociation.md).
 * The safe variant's partial suppression (safeCovers.ts) runs on each cluster's chunks before
 * they are published.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Rng } from '../../base/rng.ts';
import type { DisassociatedAudit, DisassociatedTable } from '../../release/disassociated.ts';
import { idRowsOf, TokenRowsBuilder } from '../../release/tokenRows.ts';
import { horpart, type HorpartSplit } from './horpart.ts';
import { verpart, VerpartScratch, type ChunkTrial, type ClusterChunks } from './verpart.ts';
import { breakCovers, type SubrecordDraft } from './safeCovers.ts';

export interface DisassociationSettings {
  k: number;
  m: number;
  maxCluster: number;
  safe: boolean;
}

/** What the stepper sees of a run (each callback optional). */
export interface DisassociationWatch {
  split?: (split: HorpartSplit) => void;
  trial?: (cluster: number, trial: ChunkTrial) => void;
  cluster?: (cluster: number, rows: Uint32Array, chunks: ClusterChunks, suppressed: number) => void;
}

export interface Disassociation {
  clusters: DisassociatedTable;
  audit: DisassociatedAudit;
  /** Occurrences the safe variant left out. */
  suppressed: number;
  /** Item occurrences published in record chunks, and in term chunks (as one occurrence per cluster). */
  inRecordChunks: number;
  termItems: number;
}

export function disassociate(
  dataset: Dataset,
  settings: DisassociationSettings,
  rng: Rng,
  progress: (fraction: number) => void = () => {},
  watch: DisassociationWatch = {},
): Disassociation {
  const { k, m, maxCluster, safe } = settings;
  const parts = horpart(dataset, k, maxCluster, watch.split, (f) => progress(0.5 * f));
  const tokens = dataset.dictionary.tokens;
  const chunkItems = new TokenRowsBuilder(tokens, 1024, parts.length * 2);
  const subrecords = new TokenRowsBuilder(tokens, dataset.items.length, dataset.n);
  const termChunks = new TokenRowsBuilder(tokens, 1024, parts.length);
  const rowCounts = new Uint32Array(parts.length);
  const chunkStart = new Uint32Array(parts.length + 1);
  const subStart: number[] = [0];
  const subrecordOf: number[] = [];
  const suppressedPairs: number[] = [];
  const scratch = new VerpartScratch(dataset.d);
  const chunkOf = new Int32Array(dataset.d).fill(-1);
  let inRecordChunks = 0;
  let termItems = 0;
  parts.forEach((rows, c) => {
    const chunks = verpart(dataset, rows, k, m, scratch, watch.trial && ((t) => watch.trial!(c, t)));
    chunks.domains.forEach((domain, j) => domain.forEach((item) => (chunkOf[item] = j)));
    // Each chunk's sub-records: the rows' items by chunk, in one pass over the rows.
    const drafts: SubrecordDraft[][] = chunks.domains.map(() => []);
    for (const r of rows) {
      const own: number[][] = chunks.domains.map(() => []);
      for (let p = dataset.offsets[r]; p < dataset.offsets[r + 1]; p++) {
        const j = chunkOf[dataset.items[p]];
        if (j >= 0) own[j].push(dataset.items[p]);
      }
      own.forEach((items, j) => {
        if (items.length > 0) drafts[j].push({ row: r, items });
      });
    }
    for (const domain of chunks.domains) for (const item of domain) chunkOf[item] = -1;
    const cut = safe ? breakCovers(chunks, drafts, rows.length, k, m) : [];
    for (const [row, item] of cut) suppressedPairs.push(row, item);
    chunks.domains.forEach((domain, j) => {
      chunkItems.addIds(domain);
      for (const sub of rng.shuffle(drafts[j].filter((s) => s.items.length > 0))) {
        subrecords.addIds(sub.items);
        subrecordOf.push(sub.row);
        inRecordChunks += sub.items.length;
      }
      subStart.push(subrecords.rowCount);
    });
    chunkStart[c + 1] = chunkItems.rowCount;
    termChunks.addIds(chunks.term);
    termItems += chunks.term.length;
    rowCounts[c] = rows.length;
    watch.cluster?.(c, rows, chunks, cut.length);
    progress(0.5 + (0.5 * (c + 1)) / parts.length);
  });
  return {
    clusters: {
      rows: rowCounts,
      chunkStart,
      chunkItems: chunkItems.build(),
      subStart: Uint32Array.from(subStart),
      subrecords: subrecords.build(),
      termChunks: termChunks.build(),
    },
    audit: {
      clusters: idRowsOf(parts.map((rows) => Array.from(rows))),
      subrecordOf: Uint32Array.from(subrecordOf),
      ...(suppressedPairs.length > 0 && { suppressed: Uint32Array.from(suppressedPairs) }),
    },
    suppressed: suppressedPairs.length / 2,
    inRecordChunks,
    termItems,
  };
}
