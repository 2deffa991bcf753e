/**
 * Issue 43, F5 and F10-F13: each refused before any work with exit 2 and one line saying what is
 * wrong: a --work-dir that cannot be one (under /proc, naming a file, below a file), a list flag
 * that repeats a value (`risk --known 1,1`), a sweep spec naming a sensitive item its data lacks,
 * a Dask scheduler nobody answers at (within a bounded time), an output path ending with a slash.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { checkScheduler } from '../src/cli/distribute/daskEngine.ts';
import { DATA_TEXT } from './fuzz/fixtures.ts';

async function refused(argv: string[], message: string | RegExp): Promise<void> {
  const run = await cliInProcess(...argv);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  if (typeof message === 'string') expect(run.stderr).toContain(message);
  else expect(run.stderr).toMatch(message);
}

describe('issue 43: F5, F10-F13', () => {
  const { dir, file } = scratch('hostile-cli');
  const data = file('data.dat', DATA_TEXT);
  const distribute = (workDir: string) => [
    'distribute',
    data,
    '--method',
    'pta',
    '--k',
    '2',
    '--parts',
    '2',
    '--work-dir',
    workDir,
    '--out',
    join(dir, 'r.json'),
  ];

  it('F5: a work dir under /proc, naming a file, or below a file: exit 2 in words, at once', async () => {
    await refused(
      distribute('/proc/self/x'),
      /--work-dir \/proc\/self\/x: cannot create \/proc\/self\/x: \/proc\/self takes no new directories/,
    );
    const plain = file('plain.txt', 'x\n');
    await refused(distribute(plain), `--work-dir ${plain}: ${plain} is a file, not a directory`);
    await refused(distribute(join(plain, 'sub')), `${plain} is a file, not a directory`);
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
  });

  it('F10: a list flag that repeats a value is refused', async () => {
    await refused(
      ['risk', data, '--known', '1,1'],
      "--known: 1 is given twice in '1,1'; give each value once",
    );
  });

  it('F11: a sweep spec naming a sensitive item the data lacks is refused before any run', async () => {
    const spec = file(
      'spec.json',
      JSON.stringify({
        dataset: 'data.dat',
        runs: [{ method: 'anatomy', params: { p: 2 }, sensitive: { items: ['0', '999'] } }],
      }),
    );
    await refused(
      ['sweep', spec, '--workers', '1', '--out', join(dir, 'res.json')],
      "spec.json: runs[0].sensitive: sensitive item '999' does not occur in data.dat",
    );
    expect(existsSync(join(dir, 'res.json'))).toBe(false);
  });

  it('F12: a Dask scheduler that does not answer is refused in one line, in bounded time', async () => {
    const started = performance.now();
    await expect(checkScheduler('tcp://127.0.0.1:1')).rejects.toThrow(
      /^--scheduler tcp:\/\/127\.0\.0\.1:1: cannot reach the scheduler: connection refused \(ECONNREFUSED\)/,
    );
    expect(performance.now() - started).toBeLessThan(15_000);
    await expect(checkScheduler('127.0.0.1:8786')).rejects.toThrow(
      /expected a Dask scheduler's address such as tcp:\/\/host:8786/,
    );
  });

  it('F13: an output ending with a slash is refused, no file named after its last part', async () => {
    const before = readdirSync(dir);
    await refused(
      ['anonymize', data, '--method', 'pta', '--k', '2', '--out', join(dir, 'new') + '/'],
      /--out .*\/new\/ ends with a slash, so it names a directory; give a file name/,
    );
    writeFileSync(join(dir, 'keep'), '');
    expect(readdirSync(dir).sort()).toEqual([...before, 'keep'].sort());
  });
});
