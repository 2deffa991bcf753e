/**
 * Reads a dataset file from disk in chunks and parses it (the CLI's side of the parsers; a gzip
 * file is decompressed with zlib as it streams, data/parseChunks.ts), and the parse flags every
 * command that reads a dataset accepts. A parse flag that does not apply to the file's format
 * (`--header` on a FIMI file) is an error, not ignored; every parse warning goes to stderr (and,
 * through the returned result, into the run record).
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { isGzip, parseChunks } from '../core/data/parseChunks.ts';
import { FORMATS, type ParseResult } from '../core/data/parsers/index.ts';
import type { ParseOptions } from '../core/data/parsers/types.ts';
import type { DatasetFormat } from '../core/data/dataset.ts';
import { intFlag, type ParsedArgs } from './args.ts';
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
  // A forced format is checked before reading; a detected one as soon as the parse tells it.
  if (options.format) checkParseFlagsApply(options, options.format, fileName);
  const result = await parseChunks(chunks, { ...options, fileName, sizeHint }, compressed);
  checkParseFlagsApply(options, result.format, fileName);
  reportWarnings(fileName, result.warnings);
  return result;
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

/** The format each parse flag applies to: given for another format, it would be ignored. */
const FLAG_FORMATS: Record<string, readonly DatasetFormat[]> = {
  header: ['csv-basket'],
  delimiter: ['csv-basket', 'csv-long', 'relational'],
  buckets: ['relational'],
};

function checkParseFlagsApply(options: FileParseOptions, format: DatasetFormat, fileName: string): void {
  for (const [flag, formats] of Object.entries(FLAG_FORMATS)) {
    if (options[flag as keyof FileParseOptions] !== undefined && !formats.includes(format))
      throw new CliError(
        `--${flag} applies to ${formats.join(', ')} files; ${fileName} is read as ${format} (force the format with --format)`,
      );
  }
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

/** The parse options every command that reads a dataset accepts (absent flags stay undefined). */
export function parseFlags(args: ParsedArgs): FileParseOptions {
  const delimiter = args.flags.get('delimiter');
  if (delimiter === '') throw new CliError("--delimiter needs a character, got ''");
  const header = args.flags.get('header');
  return {
    format: formatOption(args.flags.get('format')),
    delimiter,
    header: header === undefined ? undefined : header === 'true',
    buckets: args.flags.has('buckets') ? intFlag(args, 'buckets', 0, 1) : undefined,
  };
}
