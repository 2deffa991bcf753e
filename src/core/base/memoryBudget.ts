/**
 * The memory budget of a run (DESIGN.md sec. 6, `--memory-mb`): the bytes a method's large
 * structures may take together, on top of the dataset it reads. A method estimates what a structure
 * needs before allocating it (with what is still held beside it) and, when that passes the budget,
 * refuses with an InputError (exit code 2 in the CLI) that names what needs the memory, how much,
 * and settings that fit: a budget large enough, and a change of parameters where one helps,
 * instead of failing with `Invalid typed array length` or being killed. The pipeline passes the
 * budget in the run context (RunContext.memoryBudget); the CLI's default is a quarter of the
 * machine's memory (src/cli/memoryBudget.ts), the page's a quarter of the device's as the browser
 * reports it (at most 4 GB), and DEFAULT_MEMORY_BUDGET where neither says.
 */
import { InputError } from './errors.ts';

/** 1 GiB. */
export const DEFAULT_MEMORY_BUDGET = 1024 * 1024 * 1024;

const MIB = 1024 * 1024;

/** `123.4 MB` */
export function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The `--memory-mb` value (MiB, rounded up to a hundred) of a budget that holds `bytes`. */
export function budgetMbFor(bytes: number): number {
  return Math.max(100, Math.ceil(bytes / MIB / 100) * 100);
}

/**
 * Throws when `bytes` exceed `budget`: `what` needs them; `alternative`, when given, is a change of
 * parameters that needs less (e.g. `m = 2`), offered beside a budget that fits.
 */
export function checkMemory(bytes: number, budget: number, what: string, alternative?: string): void {
  if (bytes <= budget) return;
  const mb = budgetMbFor(bytes);
  const fits = `a memory budget of ${mb} MB (--memory-mb ${mb}) would fit`;
  throw new InputError(
    `${what} needs about ${formatBytes(bytes)}, above the memory budget of ${formatBytes(budget)}; ` +
      (alternative ? `${alternative}, or ${fits}` : fits),
  );
}

/** A check bound to a run's budget: `(bytes, what, alternative?)`, as checkMemory. */
export type MemoryCheck = (bytes: number, what: string, alternative?: string) => void;

export function memoryCheck(budget: number): MemoryCheck {
  return (bytes, what, alternative) => checkMemory(bytes, budget, what, alternative);
}
