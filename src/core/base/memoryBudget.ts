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

/** A unit of bytes as the messages name it. */
export interface ByteUnit {
  name: string;
  bytes: number;
}

/** The unit of `--memory-mb` and of the page's memory budget: a mebibyte. */
export const MIB_UNIT: ByteUnit = { name: 'MiB', bytes: MIB };

/** A disk's sizes in decimal units, as file managers and `df -H` say them: GB from 1 GB on, else MB. */
export const diskUnit = (bytes: number): ByteUnit =>
  bytes >= 1e9 ? { name: 'GB', bytes: 1e9 } : { name: 'MB', bytes: 1e6 };

/**
 * A size `need` past a `limit`, both in one unit, the need rounded up and the limit down to the same
 * decimals: one, or as many as show the first two significant digits of a limit below one unit (at
 * most six). Since need > limit, the need always reads larger: never "16.8 MB, above 16.8 MB"
 * (16,800,000 bytes against a budget of 16 MiB read 16.1 MiB against 16 MiB).
 */
export function pastLimit(need: number, limit: number, unit: ByteUnit): { need: string; limit: string } {
  const units = limit / unit.bytes;
  const first = units >= 1 ? 1 : Math.min(6, Math.max(1, 1 - Math.floor(Math.log10(units))));
  // More decimals only where floating point rounds a need a byte past the limit onto it.
  let decimals = first;
  const rounded = (value: number, up: boolean) => {
    const scale = 10 ** decimals;
    return (up ? Math.ceil : Math.floor)((value / unit.bytes) * scale) / scale;
  };
  while (decimals < 12 && rounded(need, true) <= rounded(limit, false)) decimals++;
  const text = (value: number) =>
    `${value.toLocaleString('en', { maximumFractionDigits: decimals })} ${unit.name}`;
  return { need: text(rounded(need, true)), limit: text(rounded(limit, false)) };
}

/** The `--memory-mb` value (MiB, rounded up to a hundred) of a budget that holds `bytes`. */
export function budgetMbFor(bytes: number): number {
  return Math.max(100, Math.ceil(bytes / MIB / 100) * 100);
}

/**
 * Throws when `bytes` exceed `budget`: `what` needs them; `alternative`, when given, is a change of
 * parameters that needs less (e.g. `m = 2`), offered beside a budget that fits. Both figures are in
 * MiB, the unit of the budget (pastLimit).
 */
export function checkMemory(bytes: number, budget: number, what: string, alternative?: string): void {
  if (bytes <= budget) return;
  const mb = budgetMbFor(bytes);
  const fits = `a memory budget of ${mb} MiB (--memory-mb ${mb}) would fit`;
  const shown = pastLimit(bytes, budget, MIB_UNIT);
  throw new InputError(
    `${what} needs about ${shown.need}, above the memory budget of ${shown.limit}; ` +
      (alternative ? `${alternative}, or ${fits}` : fits),
  );
}

/** A check bound to a run's budget: `(bytes, what, alternative?)`, as checkMemory. */
export type MemoryCheck = (bytes: number, what: string, alternative?: string) => void;

export function memoryCheck(budget: number): MemoryCheck {
  return (bytes, what, alternative) => checkMemory(bytes, budget, what, alternative);
}
