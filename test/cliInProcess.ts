/**
 * The CLI run in this process (src/cli/main.ts's `main`), stdout and stderr captured: many command
 * lines per second, where spawning tsx costs about a second each (cli.test.ts does that for the
 * exit-code path). Also a scratch directory for the files a test writes.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { cliCommand } from '../src/cli/distribute/cliEntry.ts';
import { main } from '../src/cli/main.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cliInProcess(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const capture = (into: string[]) => (chunk: string | Uint8Array) => {
    into.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk));
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture(out) as never);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture(err) as never);
  try {
    const code = await main(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

/**
 * The CLI in a process of its own (`cliCommand`: the built program, or tsx on the sources), for a
 * test that signals it: `onStderr` sees its stderr so far after each chunk (and the child, to kill
 * when a line shows). Resolves when it exits, with its exit code or signal and its stderr.
 */
export function cliProcess(
  args: readonly string[],
  options: Pick<SpawnOptions, 'cwd' | 'env'>,
  onStderr: (text: string, child: ChildProcess) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const [node, ...cli] = cliCommand();
  const child = spawn(node, [...cli, ...args], { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
    onStderr(stderr, child);
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

/** A fresh directory; `file(name, content)` writes a file in it and returns its path. */
export function scratch(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `txanon-${prefix}-`));
  return {
    dir,
    path: (name: string) => join(dir, name),
    file(name: string, content: string | Uint8Array): string {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}

/** `rows` rows of `generate --shape netflix --seed 3` in `dir`, made once. */
export async function netflixRows(dir: ReturnType<typeof scratch>, rows: number): Promise<string> {
  const out = dir.path(`netflix-${rows}.dat`);
  if (!existsSync(out)) {
    const made = await cliInProcess(
      'generate',
      '--shape',
      'netflix',
      '--D',
      String(rows),
      '--seed',
      '3',
      '--out',
      out,
    );
    if (made.code !== 0) throw new Error(`generate failed: ${made.stderr}`);
  }
  return out;
}

/**
 * `anonymize DATA ...flags --workers N` writing its release and audit into `dir`: the printed
 * record (stderr must be empty, the exit code 0) and the release and audit as written.
 */
export async function anonymizeWithWorkers(
  dir: ReturnType<typeof scratch>,
  data: string,
  flags: string[],
  workers: number,
): Promise<{ record: { verified: boolean; notes: Record<string, unknown> }; files: string }> {
  const name = `${flags.join('')}-${workers}`.replace(/[^\w-]/g, '');
  const out = dir.path(`r-${name}.json`);
  const audit = dir.path(`a-${name}.json`);
  const result = await cliInProcess(
    'anonymize',
    data,
    ...flags,
    '--workers',
    String(workers),
    '--out',
    out,
    '--audit',
    audit,
  );
  if (result.stderr !== '' || result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
  return {
    record: JSON.parse(result.stdout),
    files: readFileSync(out, 'utf8') + readFileSync(audit, 'utf8'),
  };
}
