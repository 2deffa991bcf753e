/**
 * Reads a dataset file from disk in chunks and parses it (the CLI's side of the parsers; a gzip
 * file is decompressed with zlib as it streams, data/parseChunks.ts), and the parse flags every
 * command that reads a dataset accepts.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { isGzip, parseChunks } from '../core/data/parseChunks.ts';
import { FORMATS, type ParseResult } from '../core/data/parsers/index.ts';
import type { ParseOptions } from '../core/data/parsers/types.ts';
import type { DatasetFormat } from '../core/data/dataset.ts';
import type { ParsedArgs } from './args.ts';
import { CliError } from './cliError.ts';

export type FileParseOptions = Omit<ParseOptions, 'fileName'>;

export async function readDataset(path: string, options: FileParseOptions = {}): Promise<ParseResult> {
  try {
    if (!statSync(path).isFile()) throw new CliError(`${path}: not a file`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const fileName = basename(path);
  const head = Buffer.alloc(2);
  const fd = openSync(path, 'r');
  const headBytes = readSync(fd, head, 0, 2, 0);
  closeSync(fd);
  const compressed = isGzip(fileName, head.subarray(0, headBytes));
  const file = createReadStream(path, { highWaterMark: 4 * 1024 * 1024 });
  const chunks = compressed ? file.pipe(createGunzip({ chunkSize: 1024 * 1024 })) : file;
  const sizeHint = compressed ? undefined : statSync(path).size;
  return parseChunks(chunks, { ...options, fileName, sizeHint }, compressed);
}

/** Validates a `--format` value. */
export function formatOption(value: string | undefined): DatasetFormat | undefined {
  if (value === undefined) return undefined;
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new CliError(`--format must be one of ${FORMATS.join(', ')}, got '${value}'`);
  }
  return value as DatasetFormat;
}

/** The flags of the parse options every command that reads a dataset accepts. */
export const PARSE_FLAGS = ['format', 'delimiter', 'header', 'buckets'];

/** The parse options every command that reads a dataset accepts. */
export function parseFlags(args: ParsedArgs) {
  const buckets = args.flags.get('buckets');
  return {
    format: formatOption(args.flags.get('format')),
    delimiter: args.flags.get('delimiter'),
    header: args.flags.get('header') === 'true',
    buckets: buckets === undefined ? undefined : Number(buckets),
  };
}
