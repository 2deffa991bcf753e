/**
 * `pgen <file> --k N --out constraints.json`: COAT's Pgen (Alg. 4), the maximal infrequent
 * itemsets, through COAT's `pgen` tool (the same door as the page's Pgen button).
 */
import { writeFileSync } from 'node:fs';
import { runExtra } from '../../core/run/runExtra.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { checkOutputPaths } from '../outputPaths.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

export async function pgenCommand(args: ParsedArgs): Promise<{ constraints: number; out: string }> {
  allowOnly(args, [...PARSE_FLAGS, 'k', 'out']);
  const [file] = requirePositional(args, 1, 'pgen <file> --k N --out constraints.json');
  if (!args.flags.has('k')) throw new CliError('pgen needs --k N');
  checkOutputPaths(args, ['out'], [file], ['out']);
  const out = args.flags.get('out')!;
  const k = intFlag(args, 'k', 2, 2);
  const { dataset } = await readDataset(file, parseFlags(args));
  const constraints = runExtra(dataset, {
    method: 'coat',
    params: { k },
    seed: 1,
    extra: 'pgen',
  }) as string[][];
  writeFileSync(out, JSON.stringify(constraints) + '\n');
  return { constraints: constraints.length, out };
}
