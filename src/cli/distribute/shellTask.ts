/**
 * A task's command line as the shell runs it for the local and Slurm engines: its standard output
 * into ATTEMPT_DIR/record.json, then bash's `times` (the CPU the shell's children used) into
 * ATTEMPT_DIR/cpu, and the task's exit code as the shell's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTEMPT_DIR } from './engine.ts';

/** The bash script run with the attempt's directory as $1 and the task's argv after it. */
export const TASK_SCRIPT =
  'dir="$1"; shift; "$@" > "$dir/record.json"; code=$?; times > "$dir/cpu"; exit $code';

/** argv with ATTEMPT_DIR replaced by `dir`. */
export const inAttempt = (argv: readonly string[], dir: string) =>
  argv.map((a) => a.split(ATTEMPT_DIR).join(dir));

/** The user + system CPU seconds of the children, from `times` (its second line: `0m1.5s 0m0.2s`). */
export function childCpuSeconds(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, 'cpu'), 'utf8');
  } catch {
    return null;
  }
  const line = text.trim().split('\n')[1] ?? '';
  const times = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return times.length === 2 ? times[0] + times[1] : null;
}

/** Single quotes for bash: `'it'\''s'`. */
export const shellQuote = (word: string) => `'${word.split("'").join("'\\''")}'`;
