/**
 * Why a task failed, in one line, from the tail of its standard error (issue 42): the CLI's own
 * message (`error: ...`, `internal error: ...`) when there is one; else the line that names a
 * thrown error (`Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/x/tsx.mjs' ...`: a node whose
 * environment lacks a module the task needs); else the last line that is neither Node's version
 * trailer (`Node.js v20.20.2`, which Node prints after an uncaught error), a stack frame nor a
 * bracket of the error's own fields; else the exit code (or the signal) in words. Every engine
 * reads its failed attempts' reasons here, so the run's refusal names the task's real error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const NOISE = [
  /^Node\.js v\d/, // Node's version, printed after an uncaught error
  /^at\s/, // a stack frame
  /^[{}^]$/, // the error's fields, the caret under the source line
  /^code: '/,
  /^url: '/,
  /^requireStack:/,
  /^node:internal\//,
  /^throw\s/,
];

/** The reason in `stderr`, or `fallback` when it holds none. */
export function failureReason(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const own = lines.findLast((l) => /^(internal )?error: /.test(l));
  if (own) return own.replace(/^error: /, '');
  const thrown = lines.find((l) => /^([A-Z]\w*)?Error\b.*:\s/.test(l));
  if (thrown) return thrown;
  return lines.findLast((l) => !NOISE.some((n) => n.test(l))) ?? fallback;
}

/** The reason an attempt directory's `stderr` file gives, or `fallback`. */
export function attemptReason(dir: string, fallback: string): string {
  try {
    return failureReason(readFileSync(join(dir, 'stderr'), 'utf8').slice(-16_000), fallback);
  } catch {
    return fallback;
  }
}

/** An exit code or a signal, in words. */
export const exitInWords = (code: number | null, signal?: string | null) =>
  signal ? `ended by ${signal}` : `exit code ${code}`;
