/**
 * Issue 21 through the real command line (spawned, as a user runs it): a tampered release is exit 0
 * with `verified: false`, a release of the wrong shape and a binary input file are exit 2 with one
 * line on stderr. The many other cases run in this process (cliArgs.test.ts, evaluateTampered.test.ts);
 * these few check that the exit code really reaches the shell.
 */
import { cliSpawned as cli } from './cliSpawned.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scratch } from './cliInProcess.ts';

describe('exit codes of hostile input, end to end', () => {
  it('tampered release: 0 and verified false; wrong shape: 2 naming the path; binary input: 2', () => {
    const tmp = scratch('exit');
    const data = tmp.file(
      'd.dat',
      Array.from({ length: 40 }, (_, i) => `${i % 6} ${(i * 5) % 9}`).join('\n') + '\n',
    );
    const [release, audit] = [tmp.path('r.json'), tmp.path('a.json')];
    expect(
      cli('anonymize', data, '--method', 'coat', '--k', '2', '--out', release, '--audit', audit).code,
    ).toBe(0);
    const published = JSON.parse(readFileSync(release, 'utf8'));
    published.transactions.push(['__fake__'], ['__fake__']);
    writeFileSync(release, JSON.stringify(published));
    const tampered = cli('evaluate', data, release, '--audit', audit);
    expect(tampered.code).toBe(0);
    expect(JSON.parse(tampered.stdout).verified).toBe(false);
    delete published.suppressed;
    writeFileSync(release, JSON.stringify(published));
    const shape = cli('evaluate', data, release, '--audit', audit);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toBe(
      `error: ${release}: suppressed: expected a list of strings, found nothing (the field is missing) (in a "generalized" release)\n`,
    );
    const binary = tmp.file('x.dat', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0x2c, 0x0a]));
    const refused = cli('stats', binary);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'error: x.dat:1:1: byte 0x7f at line 1, column 1: this is not a text file (it starts as an ELF program does)\n',
    );
  });
});
