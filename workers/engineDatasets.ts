/**
 * The engine's dataset jobs: parse a file (streamed, with progress; gzip decompressed on the way;
 * Parquet and Arrow read by byte ranges, row group by row group), generate a synthetic one,
 * share one parsed elsewhere, and read what the overview, the risk table and the Check page show.
 */
import { Dataset } from '../src/core/data/dataset.ts';
import { isGzip, parseChunks } from '../src/core/data/parseChunks.ts';
import type { AsyncBuffer } from '../src/core/data/columnar/readColumnar.ts';
import { COLUMNAR_HEAD_BYTES, columnarFormatOf, isParquet } from '../src/core/data/columnar/signature.ts';
import type { ParseResult } from '../src/core/data/parsers/types.ts';
import {
  datasetStats,
  itemSupports,
  lengthHistogram,
  rankFrequency,
  topItems,
} from '../src/core/data/stats.ts';
import { questDataset } from '../src/core/data/synthetic.ts';
import { datasetContentHash } from '../src/core/data/contentHash.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { checkExport } from '../src/core/check/checkExport.ts';
import { readBucketsExport, readGroupsExport } from '../src/core/check/exportedTables.ts';
import {
  disassociatedJsonAsTable,
  isDisassociatedTable,
  isReleaseJson,
  readDisassociatedRelease,
} from '../src/core/check/disassociatedExport.ts';
import { checkDisassociatedRequest } from '../src/core/check/checkDisassociatedExport.ts';
import { reidentificationRisk } from '../src/core/metrics/risk.ts';
import type { DatasetJobs, LoadedDataset } from './engineTypes.ts';

/** Progress is reported at most this often (ms), so that messages never flood the main thread. */
export const PROGRESS_INTERVAL_MS = 50;

/** A stream's chunks as an async iterable (not every browser iterates a ReadableStream itself). */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A Blob as a random-access buffer (its byte ranges read as they are asked for). */
function blobBuffer(blob: Blob): AsyncBuffer {
  return { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
}

/**
 * A disassociated release chosen as its release file (JSON) or its Parquet table, as its CSV table
 * (the export `txanon anonymize --export` writes), or null for any other file: the page reads the
 * three forms as the one table, as data and, in Check, as the release (layout 'disassociated'), as
 * `txanon check` reads all three.
 */
async function disassociatedAsTable(blob: Blob, name: string): Promise<Blob | null> {
  const head = new Uint8Array(await blob.slice(0, 256).arrayBuffer());
  if (isParquet(head)) {
    const parquet = await import('../src/core/check/parquetTables.ts');
    if (!(await parquet.isDisassociatedParquet(blobBuffer(blob), name))) return null;
    return new Blob([(await parquet.parquetExportedTable(blobBuffer(blob), name)).text]);
  }
  if (!isReleaseJson(new TextDecoder().decode(head))) return null;
  const table = disassociatedJsonAsTable(await blob.text(), name);
  return table === null ? null : new Blob([table]);
}

function loaded(
  id: string,
  result: ParseResult,
  bytes: number,
  compressed: boolean,
  parseMs: number,
): LoadedDataset {
  return {
    id,
    handle: result.dataset.toHandle(),
    format: result.format,
    bytes,
    compressed,
    parseMs,
    warnings: result.warnings,
    ...(result.layout && { layout: result.layout }),
  };
}

export function datasetJobs(datasets: Map<string, Dataset>, get: (id: string) => Dataset): DatasetJobs {
  return {
    async parseBlob(id, chosen, fileName, options, onProgress) {
      const started = performance.now();
      const table = await disassociatedAsTable(chosen, fileName);
      const blob = table ?? chosen;
      // The table is read as its CSV file is (relational rows), whatever the chosen file's name says.
      if (table) options = { ...options, format: 'relational' };
      const head = new Uint8Array(await blob.slice(0, COLUMNAR_HEAD_BYTES).arrayBuffer());
      const columnar = columnarFormatOf(head, options.format);
      if (columnar) {
        // A Parquet or Arrow file is read by byte ranges of the Blob, row group by row group.
        let lastReport = 0;
        // The readers load with the first Parquet or Arrow file (a chunk of their own).
        const { readColumnar } = await import('../src/core/data/columnar/readColumnar.ts');
        const result = await readColumnar(
          blobBuffer(blob),
          columnar,
          { ...options, fileName },
          (done, total) => {
            const now = performance.now();
            if (now - lastReport < PROGRESS_INTERVAL_MS && done < total) return;
            lastReport = now;
            void Promise.resolve(onProgress(done, total)).catch(() => {});
          },
        );
        datasets.set(id, result.dataset);
        return loaded(id, result, blob.size, false, performance.now() - started);
      }
      const compressed = isGzip(fileName, head);
      // Progress counts the file's own bytes as they are read, compressed or not.
      let done = 0;
      let lastReport = 0;
      const counted = blob.stream().pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          async transform(chunk, controller) {
            done += chunk.length;
            const now = performance.now();
            if (now - lastReport > PROGRESS_INTERVAL_MS) {
              lastReport = now;
              await onProgress(done, blob.size);
            }
            controller.enqueue(chunk);
          },
        }),
      );
      const bytes = compressed
        ? counted.pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>)
        : counted;
      const result = await parseChunks(
        streamChunks(bytes),
        { ...options, fileName, sizeHint: compressed ? undefined : blob.size },
        // The decompression budget compares the text with the compressed bytes read so far.
        compressed && { bytes: blob.size, read: () => done },
      );
      datasets.set(id, result.dataset);
      const data = loaded(id, result, chosen.size, compressed, performance.now() - started);
      // A disassociated release's table (cluster,rows,chunk,subrecord,item; its release file or its
      // Parquet table made that table above) is read as data as it stands; Check reads the chosen
      // file again whole as the release it is (check/disassociatedExport.ts).
      // Its header line is read again: `head` holds only the columnar signature's bytes.
      return !compressed && isDisassociatedTable(await blob.slice(0, 256).text())
        ? { ...data, layout: 'disassociated' }
        : data;
    },

    generate(id, params) {
      const started = performance.now();
      const dataset = questDataset(params);
      datasets.set(id, dataset);
      return {
        id,
        handle: dataset.toHandle(),
        format: 'synthetic',
        bytes: 0,
        parseMs: performance.now() - started,
        warnings: { total: 0, first: [] },
      };
    },

    attach(id, handle) {
      datasets.set(id, Dataset.fromHandle(handle));
    },

    detach(id) {
      datasets.delete(id);
    },

    overview(id) {
      const dataset = get(id);
      const supports = itemSupports(dataset);
      return {
        stats: datasetStats(dataset),
        topItems: topItems(dataset, supports, 30),
        rankFrequency: rankFrequency(supports),
        lengthHistogram: lengthHistogram(dataset),
        hasBitMatrix: dataset.bits !== null,
      };
    },

    contentHash: (id) => datasetContentHash(get(id)),

    risk: (id, options) => reidentificationRisk(get(id), options),

    check: (id, request, progress) => checkDataset(get(id), request, progress),

    async checkExport(layout, tables, request) {
      // A Parquet export's tables are read as the CSV text the readers take (check/parquetTables.ts).
      const { parquetExportedTable } = await import('../src/core/check/parquetTables.ts');
      const texts = await Promise.all(
        tables.map(async (t) =>
          isParquet(new Uint8Array(await t.blob.slice(0, 4).arrayBuffer()))
            ? await parquetExportedTable(blobBuffer(t.blob), t.name)
            : { name: t.name, text: await t.blob.text() },
        ),
      );
      if (layout === 'disassociated')
        return checkDisassociatedRequest(readDisassociatedRelease(texts[0]), request);
      const exported =
        layout === 'groups' ? readGroupsExport(texts[0], texts[1]) : readBucketsExport(texts[0]);
      return checkExport(exported, request);
    },
  };
}
