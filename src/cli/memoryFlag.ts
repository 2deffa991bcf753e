/**
 * `--memory-mb N` (DESIGN.md sec. 6): the MiB a method's large structures may take together,
 * estimated before each is allocated (core/base/memoryBudget.ts); a run that needs more refuses
 * with exit code 2, naming a budget and parameters that fit. Default: a quarter of the machine's
 * memory (os.totalmem), so that a run leaves room for the dataset, the release and other programs.
 */
import { totalmem } from 'node:os';
import { intFlag, type ParsedArgs } from './args.ts';

export const MEMORY_FLAG = 'memory-mb';

/** A quarter of the machine's memory, in MiB. */
export function defaultMemoryMb(): number {
  return Math.max(256, Math.floor(totalmem() / 4 / (1024 * 1024)));
}

/** The run's memory budget in MiB: the flag, else the default. */
export function memoryMbFlag(args: ParsedArgs): number {
  return intFlag(args, MEMORY_FLAG, defaultMemoryMb(), 1);
}
