/**
 * Format detection from the file name's extension and the first lines (DESIGN.md sec. 2).
 * Rules, in order: `.arff` or an `@relation` line -> arff; the header of an exported groups or
 * buckets table (exportLayout.ts) -> csv-long over its `row` column; `.csv`/`.tsv`/`.txt` with a
 * header that names `tid` and `item` -> csv-long; a header of distinct names followed by records of the same
 * width -> relational (csv/tsv only); lines of integers only -> fimi; lines with the delimiter, or a
 * .csv/.tsv name -> csv-basket; anything else -> fimi, whose error then suggests csv-basket. A gzip
 * file is read decompressed (data/parseChunks.ts), so its extension is the one before `.gz`
 * (`BMS1.dat.gz`: dat).
 */
import type { DatasetFormat } from '../dataset.ts';
import { exportLayoutOf } from '../exportLayout.ts';

export function extensionOf(fileName: string): string {
  const name = fileName.replace(/\.gz$/i, '');
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The delimiter a CSV-like file most likely uses: tab for .tsv, else comma. */
export function defaultDelimiter(fileName: string): string {
  return extensionOf(fileName) === 'tsv' ? '\t' : ',';
}

export function detectFormat(
  fileName: string,
  head: string,
  delimiter = defaultDelimiter(fileName),
): DatasetFormat {
  const ext = extensionOf(fileName);
  if (ext === 'arff' || /^\s*@relation\b/im.test(head)) return 'arff';
  const lines = head
    .split('\n')
    .slice(0, 50)
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '' && !/^[#%@]/.test(l));
  if (head.length > 0 && !head.endsWith('\n') && lines.length > 1) lines.pop(); // possibly cut short
  if (lines.length === 0) return ext === 'csv' || ext === 'tsv' ? 'csv-basket' : 'fimi';
  const header = lines[0].split(delimiter).map((f) => f.trim().replace(/^"|"$/g, ''));
  const isCsvLike = ext === 'csv' || ext === 'tsv' || ext === 'txt';
  if (exportLayoutOf(header) !== null) return 'csv-long';
  if (isCsvLike && header.includes('tid') && header.includes('item')) return 'csv-long';
  if ((ext === 'csv' || ext === 'tsv') && looksRelational(header, lines, delimiter)) return 'relational';
  if (lines.every((l) => /^[\d\s]*$/.test(l))) return 'fimi';
  // A .csv of names with one item a line (an exported release whose first rows kept one item) is
  // still a basket file: the extension says CSV and the lines are not FIMI.
  if (lines.some((l) => l.includes(delimiter)) || ext === 'csv' || ext === 'tsv') return 'csv-basket';
  return 'fimi';
}

function looksRelational(header: string[], lines: string[], delimiter: string): boolean {
  if (header.length < 2 || lines.length < 2) return false;
  if (new Set(header).size !== header.length) return false;
  if (header.some((name) => name === '' || Number.isFinite(Number(name)))) return false;
  return lines.slice(1).every((l) => l.split(delimiter).length === header.length);
}
