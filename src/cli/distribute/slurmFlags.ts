/**
 * distribute's Slurm flags (issue 42) and their reading into the job script's options
 * (slurmScript.ts): the node's Node program, the job's time, memory and partition (derived when
 * absent: slurmSizing.ts), and any further sbatch option, repeatable. sbatch's own SBATCH_*
 * input variables work too (docs/distribute.md lists them).
 */
import type { FlagSpec } from '../flagSpec.ts';
import type { FlagValues } from '../readCommandLine.ts';
import type { SlurmOptions } from './slurmScript.ts';

const onSlurm = {
  when: 'with --engine slurm',
  holds: (f: ReadonlyMap<string, string>) => f.get('engine') === 'slurm',
};

export const SLURM_FLAGS: readonly FlagSpec[] = [
  {
    name: 'node',
    kind: 'string',
    value: 'PATH',
    help: "the Node program on the nodes (default: the first node on the job's PATH)",
    only: onSlurm,
  },
  {
    name: 'time',
    kind: 'string',
    value: 'D-HH:MM:SS',
    help: "each array task's time limit (default: 10 minutes or 100 us an item occurrence of the largest partition, at most the partition's MaxTime)",
    only: onSlurm,
  },
  {
    name: 'mem',
    kind: 'string',
    value: 'SIZE',
    help: "each array task's memory, as sbatch --mem takes it (default: 512 MB + 64 bytes an item occurrence of the largest partition)",
    only: onSlurm,
  },
  {
    name: 'partition',
    kind: 'string',
    value: 'NAME',
    help: "the Slurm partition (default: the cluster's default partition)",
    only: onSlurm,
  },
  {
    name: 'sbatch-arg',
    kind: 'string',
    value: 'ARG',
    repeatable: true,
    help: 'one more sbatch option, as sbatch takes it (--account=lab, --qos=short); repeatable',
    only: onSlurm,
  },
];

export function slurmOptions(values: FlagValues): SlurmOptions {
  return {
    node: values.string('node'),
    time: values.string('time'),
    mem: values.string('mem'),
    partition: values.string('partition'),
    sbatchArgs: values.strings('sbatch-arg') ?? [],
  };
}
