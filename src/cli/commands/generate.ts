/**
 * `generate`: writes a synthetic FIMI file for benchmarks and tests (DESIGN.md sec. 6), in one of
 * two modes:
 * - IBM Quest style (src/core/data/synthetic.ts): `--D N --T N --I N --N N [--L N] [--seed S]`;
 * - shaped like real data (src/core/data/syntheticShape.ts): heavy-tailed lengths with a maximum
 *   and Zipf item popularity, `--shape netflix|retail` or `--max-length M --zipf S` with
 *   `--D N --N N --T avg [--seed S]` (flags override the named shape's values).
 * The shape mode is chosen by `--shape`, `--max-length` or `--zipf`; `--I` and `--L` belong to the
 * Quest mode only. Sizes are bounded before anything is generated (generateBounds.ts): a row holds
 * at most N distinct items, the file at most 2^32 - 1 item occurrences (what a dataset here
 * holds) and no more bytes than the disk has free, the generator's tables fit the memory budget.
 * Rows are streamed to a temporary beside --out, renamed into place when the file is whole.
 */
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { questRows, type QuestParams } from '../../core/data/synthetic.ts';
import { checkShape, shapeRows, SHAPES, type ShapeParams } from '../../core/data/syntheticShape.ts';
import { fimiLine } from '../../core/data/syntheticRows.ts';
import { CliError } from '../cliError.ts';
import { SEED_FLAG } from '../commonFlags.ts';
import type { CommandSpec, FlagCondition, RawFlags } from '../flagSpec.ts';
import { checkGenerateSizes, MAX_ITEM_OCCURRENCES } from '../generateBounds.ts';
import { MEMORY_FLAG, memoryMbOf } from '../memoryBudget.ts';
import { planOutputs } from '../outputFiles.ts';
import type { FlagValues } from '../readCommandLine.ts';

const USAGE =
  'generate (--D N --T N --I N --N N [--L N] | --shape netflix|retail | --D N --N N --T avg --max-length M --zipf S) [--seed S] [--memory-mb N] --out FILE';

const SHAPE_FLAGS = ['shape', 'max-length', 'zipf'];
const shaped = (flags: RawFlags) => SHAPE_FLAGS.some((flag) => flags.has(flag));
const QUEST_ONLY: FlagCondition = {
  when: 'in the IBM Quest mode (without --shape, --max-length or --zipf)',
  holds: (flags) => !shaped(flags),
};

export const generateCommand: CommandSpec<{ out: string; transactions: number }> = {
  name: 'generate',
  summary: 'writes a synthetic FIMI file: IBM Quest style, or shaped like real data',
  positional: [],
  flags: [
    {
      name: 'D',
      kind: 'integer',
      min: 1,
      max: MAX_ITEM_OCCURRENCES,
      help: 'transactions (Quest default 10,000)',
    },
    { name: 'T', kind: 'number', min: 1, help: 'average transaction length (Quest default 10)' },
    { name: 'I', kind: 'integer', min: 1, help: 'average pattern length (default 4)', only: QUEST_ONLY },
    {
      name: 'N',
      kind: 'integer',
      min: 1,
      max: MAX_ITEM_OCCURRENCES,
      help: 'items (Quest default 1,000)',
    },
    { name: 'L', kind: 'integer', min: 1, help: 'patterns (default 2,000)', only: QUEST_ONLY },
    {
      name: 'shape',
      kind: 'string',
      choices: Object.keys(SHAPES),
      help: 'a named shape of real data (its values, overridden by the flags given)',
    },
    { name: 'max-length', kind: 'integer', min: 1, help: 'the longest transaction (shape mode)' },
    { name: 'zipf', kind: 'number', min: 0, max: 5, help: 'Zipf exponent of item popularity (shape mode)' },
    SEED_FLAG,
    MEMORY_FLAG,
    { name: 'out', kind: 'path-out', required: true, help: 'the FIMI file' },
  ],
  async run(values) {
    const outputs = planOutputs([], values.outputs());
    const out = values.path('out')!;
    const { rows, transactions } = SHAPE_FLAGS.some((f) => values.has(f))
      ? shapePlan(values)
      : questPlan(values);
    await outputs.publish(() => outputs.writeStream(out, (stream) => writeFimi(stream, rows)));
    return { out, transactions };
  },
};

function questPlan(values: FlagValues): { rows: Iterable<number[]>; transactions: number } {
  const params: QuestParams = {
    D: values.integer('D') ?? 10_000,
    T: values.number('T') ?? 10,
    I: values.integer('I') ?? 4,
    N: values.integer('N') ?? 1000,
    L: values.integer('L') ?? 2000,
    seed: values.integer('seed')!,
  };
  checkGenerateSizes(
    { D: params.D, T: params.T, N: params.N, longest: params.N, I: params.I, L: params.L },
    values.path('out')!,
    memoryMbOf(values) * 1024 * 1024,
  );
  return { rows: questRows(params), transactions: params.D };
}

function shapePlan(values: FlagValues): { rows: Iterable<number[]>; transactions: number } {
  const name = values.string('shape') as keyof typeof SHAPES | undefined;
  const base: ShapeParams | undefined = name === undefined ? undefined : SHAPES[name];
  for (const flag of ['D', 'N', 'T', 'max-length', 'zipf'])
    if (!base && !values.has(flag))
      throw new CliError(`generate without --shape needs --${flag} (usage: ${USAGE})`);
  const params: ShapeParams = {
    D: values.integer('D') ?? base!.D,
    N: values.integer('N') ?? base!.N,
    T: values.number('T') ?? base!.T,
    maxLength: values.integer('max-length') ?? base!.maxLength,
    zipf: values.number('zipf') ?? base!.zipf,
    seed: values.has('seed') ? values.integer('seed')! : (base?.seed ?? 1),
  };
  try {
    checkShape(params);
  } catch (error) {
    throw new CliError(`generate: ${(error as Error).message}`);
  }
  checkGenerateSizes(
    { D: params.D, T: params.T, N: params.N, longest: params.maxLength },
    values.path('out')!,
    memoryMbOf(values) * 1024 * 1024,
  );
  return { rows: shapeRows(params), transactions: params.D };
}

/** FIMI lines in blocks of 10,000 rows, waiting for the stream to drain (memory stays flat). */
async function writeFimi(stream: WriteStream, rows: Iterable<number[]>): Promise<void> {
  let buffer: string[] = [];
  const flush = async () => {
    if (!stream.write(buffer.join('\n') + '\n')) await once(stream, 'drain');
    buffer = [];
  };
  for (const row of rows) {
    buffer.push(fimiLine(row));
    if (buffer.length >= 10_000) await flush();
  }
  if (buffer.length > 0) await flush();
}
