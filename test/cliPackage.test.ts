/**
 * The command line as a program (issue 34): `npm pack`, then in an empty folder `npm install
 * ./txanon-workbench-*.tgz` (offline: the package has no dependencies, it ships the bundled CLI),
 * and `npx txanon` answers --version and --help and reads FIMI and Parquet as the sources do; the
 * Python drivers of `distribute --engine dask` are installed beside it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const root = resolve('.');
const work = mkdtempSync(join(tmpdir(), 'txanon-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

describe('npm pack, install in an empty folder, npx txanon', () => {
  it(
    'installs offline and answers',
    () => {
      npm(['pack', '--pack-destination', work, '--silent'], root);
      const tarball = readdirSync(work).find((f) => /^txanon-workbench-.*\.tgz$/.test(f));
      expect(tarball).toBeDefined();
      const app = join(work, 'app');
      execFileSync('mkdir', [app]);
      npm(['install', '--offline', '--no-audit', '--no-fund', '--silent', join(work, tarball!)], app);
      writeFileSync(join(app, 'file.dat'), '1 2 3\n2 3\n1 3 4\n');
      copyFileSync(join(root, 'test/data/columnar/chess-list.zstd.parquet'), join(app, 'chess.parquet'));
      const txanon = (...args: string[]) => npm(['exec', '--offline', '--', 'txanon', ...args], app);
      expect(JSON.parse(txanon('stats', 'file.dat'))).toMatchObject({
        transactions: 3,
        items: 4,
        maxLength: 3,
      });
      expect(JSON.parse(txanon('stats', 'chess.parquet'))).toMatchObject({ transactions: 3196, items: 75 });
      expect(txanon('--version').trim()).toMatch(/^\d+\.\d+\.\d+$/);
      expect(txanon('--help')).toContain('usage: txanon <command>');
      // A method on the pool's worker threads: the engine bundle shipped beside the bin.
      const record = JSON.parse(
        txanon(
          'anonymize',
          'chess.parquet',
          '--method',
          'pta',
          '--k',
          '5',
          '--workers',
          '2',
          '--out',
          'r.json',
        ),
      ) as { verified: boolean };
      expect(record.verified).toBe(true);
      // distribute's Python drivers and the module they share (issue 35) are shipped beside the bin.
      const python = (folder: string) =>
        readdirSync(folder)
          .filter((n) => n.endsWith('.py'))
          .sort();
      expect(python(join(app, 'node_modules/txanon-workbench/dist-cli'))).toEqual(
        python(join(root, 'src/cli/distribute')),
      );
    },
    SPAWNS_LIMIT_MS,
  );
});
