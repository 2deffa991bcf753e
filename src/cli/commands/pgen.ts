/**
 * `pgen <file> --k N --out constraints.json`: COAT's Pgen (Alg. 4), the maximal infrequent
 * itemsets, through COAT's `pgen` tool (the same door as the page's Pgen button). k is at most the
 * rows (COAT's k, checked once the file is read).
 */
import { findMethod } from '../../core/methods/registry.ts';
import { runExtra } from '../../core/run/runExtra.ts';
import { PARSE_FLAGS } from '../commonFlags.ts';
import { flagOfParam, type CommandSpec, type FlagSpec } from '../flagSpec.ts';
import { planOutputs } from '../outputFiles.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

const COAT_K = findMethod('coat')!.params.find((p) => p.name === 'k')!;

const PGEN_FLAGS: readonly FlagSpec[] = [
  ...PARSE_FLAGS,
  { ...flagOfParam(COAT_K), required: true },
  { name: 'out', kind: 'path-out', required: true, help: 'the privacy constraints, as JSON' },
];

export const pgenCommand: CommandSpec<{ constraints: number; out: string }> = {
  name: 'pgen',
  summary: "COAT's Pgen: the maximal itemsets in fewer than k rows, as privacy constraints",
  positional: [{ name: 'file', help: 'the dataset' }],
  flags: PGEN_FLAGS,
  async run(values) {
    const outputs = planOutputs(values.inputs(), values.outputs());
    const out = values.path('out')!;
    const { dataset } = await readDataset(values.positional[0], parseFlags(values));
    const constraints = runExtra(dataset, {
      method: 'coat',
      params: { k: values.integer('k')! },
      seed: 1,
      extra: 'pgen',
    }) as string[][];
    await outputs.publish(() => outputs.writeText(out, JSON.stringify(constraints)));
    return { constraints: constraints.length, out };
  },
};
