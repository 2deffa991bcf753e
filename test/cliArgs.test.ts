/**
 * Issue 21, cases 6, 8 and the argument items of case 10, through the CLI in this process:
 * arguments are checked before any work (exit 2, a reason, nothing written), and every parse
 * warning reaches the user on stderr and in the run record.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';

const tmp = scratch('args');
const data = tmp.file(
  'k.dat',
  Array.from({ length: 30 }, (_, i) => `${i % 5} ${5 + ((i * 3) % 7)} ${20 + (i % 4)}`).join('\n') + '\n',
);
const anonymize = (...args: string[]) => cliInProcess('anonymize', data, ...args);

/** Exit 2 with one line on stderr holding `message`. */
async function refused(
  run: Promise<{ code: number; stdout: string; stderr: string }>,
  message: string | RegExp,
) {
  const { code, stdout, stderr } = await run;
  expect(code, stderr).toBe(2);
  expect(stdout).toBe('');
  if (typeof message === 'string') expect(stderr).toContain(message);
  else expect(stderr).toMatch(message);
  expect(stderr.trim().split('\n')).toHaveLength(1);
}

describe('case 6: parse warnings reach the CLI user', () => {
  it('on stderr and in the run record: a repeated item, 007, an empty CSV field, a repeated csv-long pair', async () => {
    const fimi = tmp.file(
      'w.dat',
      Array.from({ length: 20 }, (_, i) => (i === 0 ? '7 007 3' : `${i % 4} 9`)).join('\n'),
    );
    const run = await cliInProcess(
      'anonymize',
      fimi,
      '--method',
      'pta',
      '--k',
      '2',
      '--out',
      tmp.path('w.json'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning: w.dat:1: item 007 read as 7');
    expect(run.stderr).toContain('warning: w.dat:1: 1 repeated item(s) kept once');
    expect(JSON.parse(run.stdout).parseWarnings).toEqual({
      total: 2,
      first: [
        { line: 1, message: 'item 007 read as 7' },
        { line: 1, message: '1 repeated item(s) kept once' },
      ],
    });
    const basket = tmp.file('b.csv', 'a,,b\nc,d\n');
    expect((await cliInProcess('stats', basket)).stderr).toBe('warning: b.csv:1: empty item ignored\n');
    const long = tmp.file('l.csv', 'tid,item\n1,a\n1,b\n1,a\n');
    expect((await cliInProcess('stats', long)).stderr).toBe(
      'warning: l.csv:4: item a repeats in transaction 1 (kept once)\n',
    );
  });
});

describe('case 8: output paths and numbers checked before the method runs', () => {
  it('--out or --audit into a missing directory or at a directory: exit 2, nothing written', async () => {
    const out = tmp.path('r8.json');
    await refused(anonymize('--method', 'pta', '--out', tmp.path('no/such/r.json')), 'does not exist');
    await refused(anonymize('--method', 'pta', '--out', tmp.dir), 'is a directory');
    await refused(
      anonymize('--method', 'pta', '--out', out, '--audit', tmp.path('no/a.json')),
      'does not exist',
    );
    await refused(anonymize('--method', 'pta', '--out', out, '--audit', tmp.dir), 'is a directory');
    expect(existsSync(out)).toBe(false); // no release without its audit
    await refused(anonymize('--method', 'pta', '--out', out, '--audit', out), 'name the same file');
    await refused(anonymize('--method', 'pta', '--out', data), 'would overwrite the input file');
  });

  it('--out with no value is refused, not a file named true', async () => {
    await refused(anonymize('--method', 'pta', '--out'), '--out needs a value');
    await refused(anonymize('--method', 'pta', '--out', '--k', '3'), '--out needs a value');
    expect(existsSync('true')).toBe(false);
  });

  it('--buckets 0, abc, 1.5 are exit 2', async () => {
    const csv = tmp.file('r.csv', 'age,sex\n20,M\n40,F\n');
    for (const buckets of ['0', 'abc', '1.5', '']) {
      await refused(
        cliInProcess('stats', csv, '--buckets', buckets),
        `--buckets must be an integer in 1..10000, got '${buckets}'`,
      );
    }
  });

  it('pgen, sweep and generate check their --out the same way', async () => {
    await refused(cliInProcess('pgen', data, '--k', '2', '--out', tmp.path('x/c.json')), 'does not exist');
    await refused(cliInProcess('generate', '--D', '10', '--out', tmp.dir), 'is a directory');
    const spec = tmp.file(
      'spec.json',
      JSON.stringify({ dataset: 'k.dat', runs: [{ method: 'pta', params: {} }] }),
    );
    await refused(cliInProcess('sweep', spec, '--out', tmp.path('x/r.json')), 'does not exist');
  });
});

describe('case 10: arguments', () => {
  const out = tmp.path('r10.json');

  it('seeds are 0..2^32-1 and well-formed: 2^32, -1, an empty seed and 1e3 are exit 2', async () => {
    for (const seed of ['4294967296', '-1', '', '1e3', '2.5']) {
      await refused(
        anonymize('--method', 'pta', '--seed', seed, '--out', out),
        `--seed must be an integer in 0..4294967295, got '${seed}'`,
      );
    }
    const top = await anonymize('--method', 'pta', '--seed', '4294967295', '--out', out);
    expect(top.code, top.stderr).toBe(0);
    await refused(cliInProcess('risk', data, '--seed', '4294967296'), '--seed must be an integer');
  });

  it('a repeated flag is refused, not the last one kept', async () => {
    await refused(anonymize('--method', 'pta', '--k', '2', '--k', '3', '--out', out), '--k is given twice');
  });

  it('flags a command does not use are refused: --header on FIMI, --sensitive on k-anonymity', async () => {
    await refused(
      cliInProcess('stats', data, '--header'),
      '--header applies to csv-basket files; k.dat is read as fimi',
    );
    await refused(cliInProcess('stats', data, '--buckets', '5'), '--buckets applies to relational files');
    await refused(
      anonymize('--method', 'pta', '--sensitive', '3', '--out', out),
      'pta (k-anonymity) has no sensitive items',
    );
    await refused(
      anonymize('--method', 'coat', '--k', '2', '--constraints', data, '--out', out),
      'coat reads --constraints only with --m 0',
    );
  });

  it('--sensitive reads CSV quoting (a token with a comma) and refuses duplicates', async () => {
    const rows = Array.from(
      { length: 24 },
      (_, i) => `${i % 4 ? 'z' : '"a,b"'},x${i % 4},y${i % 3}${i % 6 === 0 ? ',s' : ''}`,
    );
    const basket = tmp.file('s.csv', rows.join('\n') + '\n');
    const run = await cliInProcess(
      'anonymize',
      basket,
      '--method',
      'gray-cahd',
      '--p',
      '2',
      '--sensitive',
      '"a,b",s',
      '--out',
      tmp.path('s.json'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).sensitive).toEqual(['a,b', 's']);
    // The reproducing command quotes it the same way, so that it runs as printed.
    expect(JSON.parse(run.stdout).command).toContain(`--sensitive '"a,b",s'`);
    expect(JSON.parse(readFileSync(tmp.path('s.json'), 'utf8')).sensitive).toEqual(['a,b', 's']);
    await refused(
      cliInProcess('anonymize', basket, '--method', 'gray-cahd', '--sensitive', 's,s', '--out', out),
      '--sensitive names s twice',
    );
  });

  it('a method whose needs pass the memory budget says so (exit 2) instead of failing (exit 1)', async () => {
    // About 2,600 items, 40 a row: multi-anatomy's pair counts pass the budget of 1 MB set by
    // --memory-mb; the message names a budget that fits.
    const rows = Array.from({ length: 300 }, (_, i) => Array.from({ length: 40 }, (_, j) => 7 * i + 13 * j));
    const wide = tmp.file('w.dat', rows.map((r) => r.join(' ')).join('\n'));
    const args = ['--method', 'multi-anatomy', '--columns', '2', '--out', tmp.path('w.json')];
    await refused(
      cliInProcess('anonymize', wide, ...args, '--memory-mb', '1'),
      /multi-anatomy's item-pair counts for .* \(--memory-mb \d+\) would fit/,
    );
    await refused(
      cliInProcess('anonymize', wide, ...args, '--memory-mb', '0'),
      '--memory-mb must be an integer >= 1',
    );
  });
});
