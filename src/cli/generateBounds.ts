/**
 * The sizes `generate` may make, checked before anything is generated, each refusal with its
 * figures: a row holds at most N distinct items (T <= N, I <= N), the file at most 2^32 - 1 item
 * occurrences (a Dataset's CSR offsets are 32-bit: a larger file could not be read back here) and
 * no more bytes than its file system has free, and the generator's own tables (the Quest
 * patterns, the shape mode's item weights) fit the memory budget.
 */
import { statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { checkMemory, diskUnit, pastLimit } from '../core/base/memoryBudget.ts';
import { InputError } from '../core/base/errors.ts';
import { CliError } from './cliError.ts';

/** The most item occurrences (and rows) a dataset of this workbench holds. */
export const MAX_ITEM_OCCURRENCES = 2 ** 32 - 1;

export interface GenerateSizes {
  D: number;
  /** Average row length. */
  T: number;
  N: number;
  /** The longest row the mode allows (Quest: N; shape: --max-length). */
  longest: number;
  /** Quest: average pattern length and patterns. */
  I?: number;
  L?: number;
}

export function checkGenerateSizes(sizes: GenerateSizes, out: string, memoryBudget: number): void {
  const { D, T, N, longest, I, L } = sizes;
  const fail = (message: string) => {
    throw new CliError(`generate: ${message}`);
  };
  if (T > N) fail(`--T ${T}: a row cannot hold ${T} distinct items of --N ${N}; the largest T is ${N}`);
  if (I !== undefined && I > N)
    fail(`--I ${I}: a pattern cannot hold ${I} distinct items of --N ${N}; the largest I is ${N}`);
  if (longest > N)
    fail(
      `--max-length ${longest}: a row cannot hold ${longest} distinct items of --N ${N}; the largest is ${N}`,
    );
  const occurrences = D * T;
  if (occurrences > MAX_ITEM_OCCURRENCES)
    fail(
      `--D ${D} rows of about ${T} items are ${count(occurrences)} item occurrences, more than the ${count(MAX_ITEM_OCCURRENCES)} a dataset here holds (32-bit offsets); the largest D for T = ${T} is ${count(Math.floor(MAX_ITEM_OCCURRENCES / T))}`,
    );
  const bytes = Math.ceil(D * (T * (averageDigits(N) + 1)));
  const dir = dirname(resolve(out));
  const free = freeBytes(dir);
  if (free !== null && bytes > free) {
    const shown = pastLimit(bytes, free, diskUnit(bytes));
    fail(
      `the file would take about ${shown.need} (${count(D)} rows of about ${T} items); ${dir} has ${shown.limit} free`,
    );
  }
  // The generator's tables: Quest's L patterns of about I items (JS arrays, ~16 bytes an item and
  // ~64 a pattern), or the shape mode's weights, keys and ranks per item (~40 bytes an item).
  const tables = L !== undefined ? L * ((I ?? 1) * 16 + 64) : N * 40 + Math.min(longest, N) * 32;
  try {
    checkMemory(
      tables,
      memoryBudget,
      `generating with these sizes (N = ${count(N)}${L !== undefined ? `, L = ${count(L)}` : ''})`,
      'choose fewer items or patterns, or raise --memory-mb',
    );
  } catch (error) {
    if (error instanceof InputError) fail(error.message);
    throw error;
  }
}

/** The mean number of decimal digits of the item numbers 0..N-1. */
function averageDigits(n: number): number {
  let total = 0;
  for (let digits = 1, from = 0; from < n; digits++, from = 10 ** (digits - 1))
    total += digits * (Math.min(n, 10 ** digits) - from);
  return total / n;
}

function freeBytes(dir: string): number | null {
  try {
    const stat = statfsSync(dir);
    return stat.bavail * stat.bsize;
  } catch {
    return null;
  }
}

const count = (x: number) => x.toLocaleString('en-US');
