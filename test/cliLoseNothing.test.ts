/**
 * Issue 29, "What it must show", case by case (the command-line fuzz, fuzz.cli.test.ts, draws many
 * more of each kind): outputs never overwrite an input or each other, through symbolic or hard
 * links; unwritable targets, a file too large and a full disk are exit 2 naming the path, with
 * nothing written and no temporary left; a signal during a run removes its temporary; COAT's k,
 * --workers and generate's sizes have bounds named in the message; integers are read strictly; a
 * gzip file that expands too far is refused early with the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { planOutputs } from '../src/cli/outputFiles.ts';
import { DATA_TEXT } from './fuzz/fixtures.ts';

/** A fresh directory holding the 40-row dataset `data.dat`. */
function withData() {
  const tmp = scratch('lose');
  return { ...tmp, data: tmp.file('data.dat', DATA_TEXT) };
}

/** Exit 2, one `error:` line holding `message`, no stack trace, nothing on stdout. */
async function refused(argv: string[], message: string | RegExp) {
  const run = await cliInProcess(...argv);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  if (typeof message === 'string') expect(run.stderr).toContain(message);
  else expect(run.stderr).toMatch(message);
}

const OUTPUTS = ['out', 'audit', 'export', 'rules-out'] as const;

/** anonymize pta with every output in `dir`, one of them (`flag`) at `target`. */
function pta(data: string, dir: string, flag: string, target: string): string[] {
  const paths: Record<string, string> = {
    out: join(dir, 'r.json'),
    audit: join(dir, 'a.json'),
    export: join(dir, 'e.dat'),
    'rules-out': join(dir, 'rules.json'),
    [flag]: target,
  };
  return [
    'anonymize',
    data,
    '--method',
    'pta',
    '--k',
    '2',
    '--workers',
    '1',
    ...OUTPUTS.flatMap((f) => [`--${f}`, paths[f]]),
  ];
}

describe('no output overwrites the input or another output, links included', () => {
  for (const flag of OUTPUTS) {
    it(`--${flag} as a symbolic link and a hard link to the input, and linked to another output`, async () => {
      const { dir, data, path } = withData();
      symlinkSync(data, path('soft.dat'));
      linkSync(data, path('hard.dat'));
      await refused(
        pta(data, dir, flag, path('soft.dat')),
        `--${flag} ${path('soft.dat')} would overwrite the input file ${data} (the same file, through a link)`,
      );
      await refused(
        pta(data, dir, flag, path('hard.dat')),
        `--${flag} ${path('hard.dat')} would overwrite the input file ${data} (the same file, through a link)`,
      );
      await refused(pta(data, dir, flag, data), `--${flag} ${data} would overwrite the input file ${data};`);
      // Another output, existing, reached through a symbolic and a hard link.
      const other = flag === 'out' ? 'audit' : 'out';
      const otherPath = path(other === 'out' ? 'r.json' : 'a.json');
      writeFileSync(otherPath, 'an earlier release\n');
      symlinkSync(otherPath, path('to-other'));
      linkSync(otherPath, path('hard-other'));
      for (const link of ['to-other', 'hard-other'])
        await refused(pta(data, dir, flag, path(link)), /name the same file/);
      expect(readFileSync(data, 'utf8')).toBe(DATA_TEXT);
      expect(readFileSync(otherPath, 'utf8')).toBe('an earlier release\n');
      expect(readdirSync(dir).sort()).toEqual(
        ['a.json', 'data.dat', 'hard-other', 'hard.dat', 'r.json', 'soft.dat', 'to-other'].filter(
          (name) => name !== (other === 'out' ? 'a.json' : 'r.json'),
        ),
      );
    });
  }

  it('a second table beside --export that would land on the input or on --out', async () => {
    const { dir, data, path } = withData();
    symlinkSync(data, path('e-generalized.csv'));
    const coat = (out: string) => [
      'anonymize',
      data,
      '--method',
      'coat',
      '--k',
      '2',
      '--out',
      out,
      '--export',
      path('e.dat'),
    ];
    await refused(
      coat(path('r.json')),
      `--export's generalized table ${path('e-generalized.csv')} would overwrite`,
    );
    rmSync(path('e-generalized.csv'));
    await refused(
      coat(path('e-generalized.csv')),
      /--out and --export's generalized table name the same file/,
    );
    expect(readdirSync(dir)).toEqual(['data.dat']);
    expect(readFileSync(data, 'utf8')).toBe(DATA_TEXT);
  });

  it('a link to a file that is no input is written through: the file replaced whole, the link kept', async () => {
    const { data, path } = withData();
    writeFileSync(path('kept.json'), 'an earlier release\n');
    symlinkSync(path('kept.json'), path('link.json'));
    const run = await cliInProcess(
      'anonymize',
      data,
      '--method',
      'pta',
      '--k',
      '2',
      '--out',
      path('link.json'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path('kept.json'), 'utf8')).method).toBe('pta');
    expect(readdirSync(path('.')).sort()).toEqual(['data.dat', 'kept.json', 'link.json']);
  });
});

describe('unwritable targets are exit 2 naming the path and the reason, nothing else written', () => {
  for (const flag of OUTPUTS) {
    it(`--${flag} at /proc/x, /dev/full, a directory, a missing directory`, async () => {
      const { dir, data, path } = withData();
      await refused(pta(data, dir, flag, '/proc/x'), `--${flag} /proc/x: no file can be created in /proc`);
      await refused(
        pta(data, dir, flag, '/dev/full'),
        `--${flag} /dev/full is a character device, not a regular file`,
      );
      await refused(pta(data, dir, flag, dir), `--${flag} ${dir} is a directory`);
      await refused(
        pta(data, dir, flag, path('no/x')),
        `--${flag} ${path('no/x')}: the directory ${path('no')} does not exist`,
      );
      expect(readdirSync(dir)).toEqual(['data.dat']);
    });
  }

  it('pgen, generate and sweep the same', async () => {
    const { dir, data, path } = withData();
    await refused(['pgen', data, '--k', '2', '--out', '/dev/full'], '--out /dev/full is a character device');
    await refused(
      ['generate', '--D', '10', '--out', '/proc/x'],
      '--out /proc/x: no file can be created in /proc',
    );
    const spec = path('spec.json');
    writeFileSync(spec, JSON.stringify({ dataset: 'data.dat', runs: [{ method: 'pta', params: { k: 2 } }] }));
    await refused(['sweep', spec, '--out', data], `--out ${data} would overwrite the dataset of ${spec}`);
    await refused(['sweep', spec, '--out', dir], 'is a directory');
    expect(readdirSync(dir).sort()).toEqual(['data.dat', 'spec.json']);
  });

  /** The CLI as a user runs it, in a shell (to set limits). */
  const shell = (script: string) =>
    spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  const CLI = `"${process.execPath}" --import tsx src/cli/main.ts`;

  it('a file too large for the process (ulimit -f) while writing: exit 2 with the reason, no temporary left', () => {
    const { dir, data, path } = withData();
    const big = tmpRows(path('big.dat'));
    const run = shell(
      `ulimit -f 256; exec ${CLI} anonymize ${big} --method pta --k 2 --workers 1 --out ${path('r.json')} --audit ${path('a.json')}`,
    );
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /^error: --(out|audit) \S+: cannot be written \(file too large \(EFBIG\)\); nothing was written\n$/,
    );
    expect(readdirSync(dir).sort()).toEqual(['big.dat', 'data.dat']);
    expect(readFileSync(data, 'utf8')).toBe(DATA_TEXT);
  });

  it('a full disk while writing: exit 2 naming the path, nothing written (a 64 kB tmpfs; needs root)', async () => {
    const { dir, path } = withData();
    const disk = path('disk');
    mkdirSync(disk);
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]).status !== 0) {
      // Not root, or no mount here: the disk fills in the writer instead (ENOSPC from the sink),
      // through the same OutputFiles path; the error names the path and nothing stays behind.
      const target = join(disk, 'r.json');
      const outputs = planOutputs([], [{ what: '--out', path: target }]);
      const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      await expect(
        outputs.publish(() =>
          outputs.writeWith(target, () => {
            throw full;
          }),
        ),
      ).rejects.toThrow(/^--out \S+r\.json: cannot be written \(.*ENOSPC.*\); nothing was written$/);
      expect(readdirSync(disk)).toEqual([]);
      return;
    }
    try {
      const run = shell(`exec ${CLI} generate --D 40000 --out ${join(disk, 'g.dat')}`);
      expect(run.status, run.stderr).toBe(2);
      // Refused before any work: the file would not fit the free space.
      expect(run.stderr).toMatch(/generate: the file would take about .* has .* free/);
      const big = tmpRows(path('big.dat'));
      const anonymize = shell(
        `exec ${CLI} anonymize ${big} --method pta --k 2 --workers 1 --out ${join(disk, 'r.json')}`,
      );
      expect(anonymize.status, anonymize.stderr).toBe(2);
      expect(anonymize.stderr).toContain(
        `--out ${join(disk, 'r.json')}: cannot be written (no space left on the device (ENOSPC)); nothing was written`,
      );
      expect(readdirSync(disk)).toEqual([]);
    } finally {
      spawnSync('umount', [disk]);
    }
    expect(existsSync(join(dir, 'data.dat'))).toBe(true);
  });

  it('SIGTERM while generate writes: its temporary is removed, no output left', async () => {
    const { dir, path } = withData();
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'generate',
      '--D',
      '3000000',
      '--out',
      path('g.dat'),
    ]);
    // Wait for the temporary beside the target, then stop the run. No clock: however slow the
    // machine, the wait ends when the temporary appears or the run ends without one (test/limits.ts).
    const temporary = await new Promise<string | null>((resolve) => {
      const look = setInterval(() => {
        const found = readdirSync(dir).find((n) => n.endsWith('.txanon-tmp'));
        if (found) {
          clearInterval(look);
          resolve(found);
        }
      }, 20);
      child.on('exit', () => {
        clearInterval(look);
        resolve(readdirSync(dir).find((n) => n.endsWith('.txanon-tmp')) ?? null);
      });
    });
    expect(temporary).not.toBeNull();
    child.kill('SIGTERM');
    const signal = await new Promise((resolve) => child.on('exit', (_, sig) => resolve(sig)));
    expect(signal).toBe('SIGTERM');
    expect(readdirSync(dir)).toEqual(['data.dat']);
  });
});

/** A FIMI file of 40,000 rows (a release of it is some 600 kB): larger than the limits above. */
function tmpRows(path: string): string {
  writeFileSync(
    path,
    Array.from({ length: 40_000 }, (_, i) => `${i % 50} ${50 + (i % 7)} ${60 + (i % 13)}`).join('\n') + '\n',
  );
  return path;
}

describe('every size has a bound, named in the message', () => {
  it('coat --k 100000000 and --k 4294967296: exit 2 naming the largest k', async () => {
    const { data, path } = withData();
    for (const k of ['100000000', '4294967296'])
      await refused(
        ['anonymize', data, '--method', 'coat', '--k', k, '--out', path('r.json')],
        `coat --k ${k} is more than the 40 rows of data.dat: the largest k is 40`,
      );
  });

  it('--workers 1000 and generate --D 99999999999999: exit 2 before any work', async () => {
    const { dir, data, path } = withData();
    await refused(
      ['anonymize', data, '--method', 'pta', '--workers', '1000', '--out', path('r.json')],
      /--workers must be an integer in 1\.\.\d+ \(4 x the \d+ hardware threads of this machine\), got '1000'/,
    );
    await refused(
      ['generate', '--D', '99999999999999', '--out', path('g.dat')],
      "--D must be an integer in 1..4294967295, got '99999999999999'",
    );
    await refused(
      ['generate', '--T', '100', '--N', '5', '--out', path('g.dat')],
      'a row cannot hold 100 distinct items of --N 5; the largest T is 5',
    );
    expect(readdirSync(dir)).toEqual(['data.dat']);
  });

  it('--k 0x10, 1e3, +3 and an empty value: exit 2 naming the flag', async () => {
    const { data, path } = withData();
    for (const k of ['0x10', '1e3', '+3', '', ' 3', '99999999999999999999'])
      await refused(
        ['anonymize', data, '--method', 'pta', '--k', k, '--out', path('r.json')],
        `--k must be an integer >= 2, got '${k}'`,
      );
  });

  it('a gzip file that expands past 300 times its size is refused with the figures', async () => {
    const { path } = withData();
    const bomb = path('newlines.dat.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(20_000_000, 0x0a)));
    await refused(
      ['stats', bomb],
      /newlines\.dat\.gz: refused: [\d,]+ compressed bytes expand past [\d,]+ bytes, more than 300 times their size/,
    );
  });
});
