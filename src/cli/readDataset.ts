/**
 * Reads a dataset file from disk in chunks and parses it (the CLI's side of the parsers), and the
 * parse flags every command that reads a dataset accepts.
 */
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { createParser, FORMATS, DETECTION_BYTES, type ParseResult } from '../core/data/parsers/index.ts';
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
  const sizeHint = statSync(path).size;
  let parser: ReturnType<typeof createParser> | null = null;
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 })) {
    const bytes = chunk as Buffer;
    parser ??= createParser({ ...options, fileName, sizeHint }, bytes.subarray(0, DETECTION_BYTES));
    parser.push(bytes);
  }
  parser ??= createParser({ ...options, fileName }, new Uint8Array(0));
  return parser.finish();
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
