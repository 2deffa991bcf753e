/**
 * Whether a file is Parquet or Arrow IPC, from its first bytes or a forced format: light, so that
 * a front end decides before it loads a reader (the page's worker imports the readers only then).
 */
import type { DatasetFormat } from '../dataset.ts';

export type ColumnarFormat = 'parquet' | 'arrow';

/** How many first bytes `columnarFormatOf` needs. */
export const COLUMNAR_HEAD_BYTES = 8;

/** Parquet files start (and end) with `PAR1`. */
export function isParquet(head: Uint8Array): boolean {
  return head.length >= 4 && String.fromCharCode(...head.subarray(0, 4)) === 'PAR1';
}

/** An Arrow IPC file starts with `ARROW1`; a stream with a message's continuation marker. */
export function isArrow(head: Uint8Array): boolean {
  const file = head.length >= 6 && String.fromCharCode(...head.subarray(0, 6)) === 'ARROW1';
  const stream =
    head.length >= 8 && head[0] === 0xff && head[1] === 0xff && head[2] === 0xff && head[3] === 0xff;
  return file || stream;
}

/** The columnar format of a file: the one forced, else the one its first bytes name, else null. */
export function columnarFormatOf(head: Uint8Array, forced?: DatasetFormat): ColumnarFormat | null {
  if (forced === 'parquet' || forced === 'parquet-long') return 'parquet';
  if (forced === 'arrow' || forced === 'arrow-long') return 'arrow';
  if (forced !== undefined) return null;
  if (isParquet(head)) return 'parquet';
  if (isArrow(head)) return 'arrow';
  return null;
}
