/** `pgen <file> --k N --out constraints.json`: COAT's Pgen (Alg. 4), the maximal infrequent itemsets. */
import { writeFileSync } from 'node:fs';
import { pgen } from '../../core/methods/coat/pgen.ts';
import { allowOnly, intFlag, requirePositional, type ParsedArgs } from '../args.ts';
import { CliError } from '../cliError.ts';
import { readDataset } from '../readDataset.ts';
import { PARSE_FLAGS, parseFlags } from './stats.ts';

export async function pgenCommand(args: ParsedArgs): Promise<{ constraints: number; out: string }> {
  allowOnly(args, [...PARSE_FLAGS, 'k', 'out']);
  const [file] = requirePositional(args, 1, 'pgen <file> --k N --out constraints.json');
  const out = args.flags.get('out');
  if (!out) throw new CliError('pgen needs --out constraints.json');
  if (!args.flags.has('k')) throw new CliError('pgen needs --k N');
  const k = intFlag(args, 'k', 2, 2);
  const { dataset } = await readDataset(file, parseFlags(args));
  const constraints = pgen(dataset, k).map((c) => c.map((id) => dataset.dictionary.token(id)));
  writeFileSync(out, JSON.stringify(constraints) + '\n');
  return { constraints: constraints.length, out };
}
