/**
 * The memory budget of a run: a method that would allocate more than this for one structure says
 * so before allocating (an InputError naming what needs the memory and how much), instead of
 * failing with `Invalid typed array length` or being killed. The pipeline passes the budget in
 * the run context; the default suits a browser tab and a laptop alike.
 */
import { InputError } from './errors.ts';

/** 1 GiB. */
export const DEFAULT_MEMORY_BUDGET = 1024 * 1024 * 1024;

/** `123.4 MB` */
export function formatBytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Throws when `bytes` exceed `budget`: `what` needs them, `advice` says what the user can do. */
export function checkMemory(bytes: number, budget: number, what: string, advice: string): void {
  if (bytes > budget)
    throw new InputError(
      `${what} needs about ${formatBytes(bytes)}, above the memory budget of ${formatBytes(budget)}; ${advice}`,
    );
}
