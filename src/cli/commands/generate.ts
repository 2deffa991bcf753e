/**
 * `generate`: writes a synthetic FIMI file for benchmarks and tests (DESIGN.md sec. 6), in one of
 * two modes:
 * - IBM Quest style (src/core/data/synthetic.ts): `--D N --T N --I N --N N [--L N] [--seed S]`;
 * - shaped like real data (src/core/data/syntheticShape.ts): heavy-tailed lengths with a maximum
 *   and Zipf item popularity, `--shape netflix|retail` or `--max-length M --zipf S` with
 *   `--D N --N N --T avg [--seed S]` (flags override the named shape's values).
 * The shape mode is chosen by `--shape`, `--max-length` or `--zipf`.
 */
import { createWriteStream } from 'node:fs';
import { generateQuest } from '../../core/data/synthetic.ts';
import { checkShape, generateShape, SHAPES, type ShapeParams } from '../../core/data/syntheticShape.ts';
import { fimiLine, type RowGenerator } from '../../core/data/syntheticRows.ts';
import { allowOnly, intFlag, numberFlag, requirePositional, seedFlag, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { checkOutputPaths } from '../outputPaths.ts';

const USAGE =
  'generate (--D N --T N --I N --N N [--L N] | --shape netflix|retail | --D N --N N --T avg --max-length M --zipf S) [--seed S] --out FILE';

export async function generateCommand(args: ParsedArgs): Promise<{ out: string; transactions: number }> {
  requirePositional(args, 0, USAGE);
  const shaped = ['shape', 'max-length', 'zipf'].some((flag) => args.flags.has(flag));
  const { rows, transactions } = shaped ? shapeRows(args) : questRows(args);
  checkOutputPaths(args, ['out'], [], ['out']);
  const out = args.flags.get('out')!;
  await writeFimi(out, rows);
  return { out, transactions };
}

function questRows(args: ParsedArgs): { rows: RowGenerator; transactions: number } {
  allowOnly(args, ['D', 'T', 'I', 'N', 'L', 'seed', 'out']);
  const params = {
    D: intFlag(args, 'D', 10_000, 1),
    T: intFlag(args, 'T', 10, 1),
    I: intFlag(args, 'I', 4, 1),
    N: intFlag(args, 'N', 1000, 1),
    L: intFlag(args, 'L', 2000, 1),
    seed: seedFlag(args),
  };
  return { rows: (emit) => generateQuest(params, emit), transactions: params.D };
}

function shapeRows(args: ParsedArgs): { rows: RowGenerator; transactions: number } {
  allowOnly(args, ['shape', 'D', 'N', 'T', 'max-length', 'zipf', 'seed', 'out']);
  const name = args.flags.get('shape');
  if (name !== undefined && !Object.hasOwn(SHAPES, name))
    throw new CliError(`--shape must be one of ${Object.keys(SHAPES).join(', ')}, got '${name}'`);
  const base: ShapeParams | undefined = name === undefined ? undefined : SHAPES[name as keyof typeof SHAPES];
  const required = (flag: string) => {
    if (!base && !args.flags.has(flag))
      throw new CliError(`generate without --shape needs --${flag} (usage: ${USAGE})`);
  };
  ['D', 'N', 'T', 'max-length', 'zipf'].forEach(required);
  const params: ShapeParams = {
    D: intFlag(args, 'D', base?.D ?? 0, 1),
    N: intFlag(args, 'N', base?.N ?? 0, 1),
    T: numberFlag(args, 'T', base?.T ?? 0, 1),
    maxLength: intFlag(args, 'max-length', base?.maxLength ?? 0, 1),
    zipf: numberFlag(args, 'zipf', base?.zipf ?? 0, 0, 5),
    seed: seedFlag(args, base?.seed ?? 1),
  };
  try {
    checkShape(params);
  } catch (error) {
    throw new CliError(`generate: ${(error as Error).message}`);
  }
  return { rows: (emit) => generateShape(params, emit), transactions: params.D };
}

async function writeFimi(out: string, rows: RowGenerator): Promise<void> {
  const stream = createWriteStream(out);
  let buffer: string[] = [];
  rows((row) => {
    buffer.push(fimiLine(row));
    if (buffer.length >= 10_000) {
      stream.write(buffer.join('\n') + '\n');
      buffer = [];
    }
  });
  if (buffer.length) stream.write(buffer.join('\n') + '\n');
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}
