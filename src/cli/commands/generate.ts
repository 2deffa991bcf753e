/**
 * `generate --D N --T N --I N --N N [--L N] [--seed S] --out FILE`: writes an IBM-Quest-style
 * synthetic FIMI file (src/core/data/synthetic.ts) for benchmarks and tests.
 */
import { createWriteStream } from 'node:fs';
import { generateQuest } from '../../core/data/synthetic.ts';
import { allowOnly, intFlag, requirePositional, seedFlag, type ParsedArgs } from '../args.ts';
import { checkOutputPaths } from '../outputPaths.ts';

export async function generateCommand(args: ParsedArgs): Promise<{ out: string; transactions: number }> {
  allowOnly(args, ['D', 'T', 'I', 'N', 'L', 'seed', 'out']);
  requirePositional(args, 0, 'generate --D N --T N --I N --N N [--L N] [--seed S] --out FILE');
  checkOutputPaths(args, ['out'], [], ['out']);
  const out = args.flags.get('out')!;
  const params = {
    D: intFlag(args, 'D', 10_000, 1),
    T: intFlag(args, 'T', 10, 1),
    I: intFlag(args, 'I', 4, 1),
    N: intFlag(args, 'N', 1000, 1),
    L: intFlag(args, 'L', 2000, 1),
    seed: seedFlag(args),
  };
  const stream = createWriteStream(out);
  let buffer: string[] = [];
  generateQuest(params, (row) => {
    buffer.push(row.sort((a, b) => a - b).join(' '));
    if (buffer.length >= 10_000) {
      stream.write(buffer.join('\n') + '\n');
      buffer = [];
    }
  });
  if (buffer.length) stream.write(buffer.join('\n') + '\n');
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { out, transactions: params.D };
}
