/**
 * Reads a dataset file from disk in chunks and parses it (the CLI's side of the parsers; a gzip
 * file is decompressed with zlib as it streams, within the decompression budget of
 * data/parseChunks.ts), and the parse options of the flags every command that reads a dataset
 * declares (commonFlags.ts PARSE_FLAGS). A parse flag that does not apply to the file's format
 * (`--header` on a FIMI file) is an error, not ignored; every parse warning goes to stderr (and,
 * through the returned result, into the run record). A file that is missing, a directory or
 * unreadable is an error naming it and the reason. A Parquet or Arrow IPC file (its first bytes,
 * or `--format parquet|arrow`) is read by random access instead (core/data/columnar), its columns
 * named by `--item-column` and `--tid-column` when they cannot be found alone.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { isGzip, parseChunks } from '../core/data/parseChunks.ts';
import {
  COLUMNAR_HEAD_BYTES,
  columnarFormatOf,
  readColumnar,
  type ColumnarFormat,
} from '../core/data/columnar/readColumnar.ts';
import type { ParseResult } from '../core/data/parsers/index.ts';
import type { ParseOptions, ParseProgress } from '../core/data/parsers/types.ts';
import type { DatasetFormat } from '../core/data/dataset.ts';
import { CliError } from './cliError.ts';
import { fileBuffer } from './fileBuffer.ts';
import { reason } from './fileErrors.ts';
import { commandMemoryMb } from './memoryBudget.ts';
import type { FlagValues } from './readCommandLine.ts';

export type FileParseOptions = Omit<ParseOptions, 'fileName'>;

export async function readDataset(
  path: string,
  options: FileParseOptions = {},
  onProgress?: ParseProgress,
): Promise<ParseResult> {
  let size: number;
  let head: Uint8Array;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new CliError(`${path}: is a directory, not a dataset file`);
    if (!stat.isFile()) throw new CliError(`${path}: not a regular file`);
    size = stat.size;
    const fd = openSync(path, 'r');
    const bytes = Buffer.alloc(COLUMNAR_HEAD_BYTES);
    head = bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0));
    closeSync(fd);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${path}: cannot read the file: ${reason(error)}`);
  }
  const fileName = basename(path);
  const columnar = columnarFormatOf(head, options.format);
  if (columnar) return readColumnarFile(path, columnar, { ...options, fileName }, onProgress);
  const compressed = isGzip(fileName, head);
  // Compressed bytes are read in small pieces and counted, so that the decompression budget
  // (parseChunks.ts) compares the text with what was read of the file so far.
  const file = createReadStream(path, { highWaterMark: compressed ? 8 * 1024 : 4 * 1024 * 1024 });
  let read = 0;
  if (compressed) file.on('data', (chunk) => (read += chunk.length));
  const unpacked = compressed ? file.pipe(createGunzip({ chunkSize: 1024 * 1024 })) : file;
  const chunks = onProgress
    ? counted(unpacked, (bytes) => onProgress(compressed ? read : bytes, size))
    : unpacked;
  // A forced format is checked before reading; a detected one as soon as the parse tells it.
  if (options.format) checkParseFlagsApply(options, options.format, fileName);
  let result: ParseResult;
  try {
    result = await parseChunks(
      chunks,
      { ...options, fileName, sizeHint: compressed ? undefined : size },
      compressed && { bytes: size, read: () => read },
    );
  } finally {
    file.destroy();
  }
  checkParseFlagsApply(options, result.format, fileName);
  reportWarnings(fileName, result.warnings);
  return result;
}

/** A Parquet or Arrow IPC file, read by random access (core/data/columnar). */
async function readColumnarFile(
  path: string,
  format: ColumnarFormat,
  options: ParseOptions,
  onProgress?: ParseProgress,
): Promise<ParseResult> {
  if (options.format) checkParseFlagsApply(options, options.format, options.fileName);
  const file = fileBuffer(path);
  let result: ParseResult;
  try {
    result = await readColumnar(file, format, options, onProgress);
  } finally {
    file.close();
  }
  checkParseFlagsApply(options, result.format, options.fileName);
  reportWarnings(options.fileName, result.warnings);
  return result;
}

/** The chunks as they come, telling `onRead` the bytes passed on so far (a parse's progress). */
async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  onRead: (bytes: number) => void,
): AsyncIterable<Uint8Array> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onRead(bytes);
    yield chunk;
  }
}

/** Every parse warning on stderr, one line each (`file:line: what`), the rest counted. */
function reportWarnings(fileName: string, warnings: ParseResult['warnings']): void {
  for (const w of warnings.first)
    process.stderr.write(`warning: ${fileName}${w.line > 0 ? `:${w.line}` : ''}: ${w.message}\n`);
  if (warnings.total > warnings.first.length)
    process.stderr.write(
      `warning: ${fileName}: … and ${warnings.total - warnings.first.length} more warnings\n`,
    );
}

const TABLES: readonly DatasetFormat[] = ['csv-long', 'parquet', 'parquet-long', 'arrow', 'arrow-long'];

/** The formats each parse flag (by its option) applies to: given for another, it would be ignored. */
const FLAG_FORMATS: Record<string, { option: keyof FileParseOptions; formats: readonly DatasetFormat[] }> = {
  header: { option: 'header', formats: ['csv-basket'] },
  delimiter: { option: 'delimiter', formats: ['csv-basket', 'csv-long', 'relational'] },
  buckets: { option: 'buckets', formats: ['relational'] },
  'item-column': { option: 'itemColumn', formats: TABLES },
  'tid-column': { option: 'tidColumn', formats: TABLES },
};

function checkParseFlagsApply(options: FileParseOptions, format: DatasetFormat, fileName: string): void {
  for (const [flag, { option, formats }] of Object.entries(FLAG_FORMATS)) {
    if (options[option] !== undefined && !formats.includes(format))
      throw new CliError(
        `--${flag} applies to ${formats.join(', ')} files; ${fileName} is read as ${format} (force the format with --format)`,
      );
  }
}

/** The parse options of the parse flags given (absent flags stay undefined). */
export function parseFlags(values: FlagValues): FileParseOptions {
  return {
    format: values.string('format') as DatasetFormat | undefined,
    delimiter: values.string('delimiter'),
    header: values.boolean('header'),
    buckets: values.integer('buckets'),
    itemColumn: values.string('item-column'),
    tidColumn: values.string('tid-column'),
    memoryBudget: commandMemoryMb(values) * 1024 * 1024,
  };
}
