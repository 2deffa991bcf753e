/**
 * The memory budget of a command (core/base/memoryBudget.ts, DESIGN.md sec. 6): `--memory-mb N`,
 * the MiB a method's (or `generate`'s) large structures may take together, estimated before each is
 * allocated; a run that needs more refuses with exit code 2, naming a budget and parameters that
 * fit. Default: a quarter of the machine's memory (os.totalmem), so that a run leaves room for the
 * dataset, the release and other programs. Read by the strict integer reader like every flag.
 */
import { totalmem } from 'node:os';
import type { FlagSpec } from './flagSpec.ts';
import type { FlagValues } from './readCommandLine.ts';

const MIB = 1024 * 1024;

/** A quarter of the machine's memory, in MiB. */
export function defaultMemoryMb(): number {
  return Math.max(256, Math.floor(totalmem() / 4 / MIB));
}

export const MEMORY_FLAG: FlagSpec = {
  name: 'memory-mb',
  kind: 'integer',
  min: 1,
  defaultText: `a quarter of the machine's memory, ${defaultMemoryMb()} here`,
  help: "MiB a method's large structures may take together; a run needing more refuses, naming what fits",
};

/** The command's budget in MiB: the flag, else the default. */
export function memoryMbOf(values: FlagValues): number {
  return values.integer('memory-mb') ?? defaultMemoryMb();
}

/** The budget of any command: its --memory-mb where it declares one, else the default. */
export function commandMemoryMb(values: FlagValues): number {
  return values.declared.some((f) => f.name === MEMORY_FLAG.name) ? memoryMbOf(values) : defaultMemoryMb();
}
