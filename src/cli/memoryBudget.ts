/**
 * The memory budget of a command (core/base/memoryBudget.ts): `TXANON_MEMORY_MB` when set (read by
 * the strict integer reader), else the core's default. Checked before any work.
 */
import { DEFAULT_MEMORY_BUDGET } from '../core/base/memoryBudget.ts';
import { readInteger } from '../core/base/strictNumber.ts';
import { CliError } from './cliError.ts';

/** The budget in bytes, and whether the user set it. */
export function memoryBudget(): { bytes: number; set: boolean } {
  const raw = process.env.TXANON_MEMORY_MB;
  if (raw === undefined) return { bytes: DEFAULT_MEMORY_BUDGET, set: false };
  const megabytes = readInteger(raw);
  if (megabytes === null || megabytes < 1)
    throw new CliError(`TXANON_MEMORY_MB must be an integer >= 1, got '${raw}'`);
  return { bytes: megabytes * 1024 * 1024, set: true };
}
