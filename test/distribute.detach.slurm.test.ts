/**
 * `distribute --engine slurm --detach` and `distribute --status DIR` on a real Slurm (issue 42):
 * the two-node test cluster of test/slurm/cluster.sh, as distribute.slurm.test.ts starts it (its
 * own, stopped after this file).
 * - a detached run returns at once with its jobs; its merge job (afterok) writes a verified
 *   release identical byte for byte to an attached run's; --status before (running) and after
 *   (done, the release's path, verified);
 * - a detached run whose array fails on bad input: the merge job is cancelled by Slurm (its afterok
 *   can no longer be met), and --status says failed, with the partition's own reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, netflixRows, scratch } from './cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';
import { slurmUnavailable, until, useTestCluster } from './slurm/testCluster.ts';

const dir = scratch('distribute-detach');
const state = dir.path('cluster');
const skipped = slurmUnavailable();
if (skipped) console.warn(`distribute.detach.slurm.test.ts skipped: ${skipped}`);

/** `distribute --status DIR`'s record. */
async function status(work: string) {
  const r = await cliInProcess('distribute', '--status', work);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return JSON.parse(r.stdout) as {
    state: string;
    tasks: Record<string, number>;
    failed: { part: number; reason: string }[];
    merge: { job: string; state: string; reason?: string };
    release?: { path: string; verified: boolean };
  };
}

const FLAGS = ['--method', 'pta', '--k', '5', '--parts', '4', '--workers', '2'];

describe.skipIf(skipped !== null)(
  'distribute --engine slurm --detach on a two-node Slurm of this host',
  () => {
    useTestCluster(state);

    it(
      'returns at once; its merge job writes a verified release, the attached run’s byte for byte',
      async () => {
        const input = await netflixRows(dir, 400);
        const work = dir.path('detached-work');
        const out = dir.path('detached-release.json');
        const r = await cliInProcess(
          'distribute',
          input,
          ...FLAGS,
          ...['--engine', 'slurm', '--work-dir', work, '--detach', '--out', out],
        );
        expect(r.code).toBe(0);
        const submitted = JSON.parse(r.stdout);
        expect(submitted).toMatchObject({ engine: 'slurm', detached: true, workDir: work, parts: 4 });
        expect(submitted.arrayJob).toMatch(/^\d+$/);
        expect(submitted.mergeJob).toMatch(/^\d+$/);
        expect(r.stderr).toContain(`txanon distribute --status ${work}`);
        expect(existsSync(out)).toBe(false); // nothing merged yet: the driver is gone
        const before = await status(work);
        expect(before.state).toMatch(/^(running|merging)$/);
        expect(before.tasks.done).toBeLessThan(4);
        expect(before.merge.job).toBe(submitted.mergeJob);
        expect(before.merge.state).toBe('PENDING');
        expect(before.merge.reason).toBe('Dependency');

        expect(await until(() => existsSync(`${work}/merge/exit`), 240_000)).toBe(true);
        const after = await status(work);
        expect(after).toMatchObject({
          state: 'done',
          tasks: { pending: 0, running: 0, done: 4, failed: 0 },
          failed: [],
          release: { path: out, verified: true },
        });
        const record = JSON.parse(readFileSync(`${work}/merge/record.json`, 'utf8'));
        expect(record.verified).toBe(true);
        expect(record.distribute).toMatchObject({ engine: 'slurm', parts: 4 });

        const attachedOut = dir.path('attached.json');
        const attached = await cliInProcess(
          'distribute',
          input,
          ...FLAGS,
          ...['--engine', 'slurm', '--work-dir', dir.path('attached-work'), '--out', attachedOut],
        );
        expect(attached.code).toBe(0);
        expect(readFileSync(out, 'utf8')).toBe(readFileSync(attachedOut, 'utf8'));
      },
      SPAWNS_LIMIT_MS,
    );

    it(
      'an array failing on bad input: the merge job cancelled (afterok never met), --status says failed',
      async () => {
        const input = await netflixRows(dir, 400);
        const work = dir.path('bad-work');
        const out = dir.path('bad.json');
        // Held at submission, so that a partition's input can be spoilt before any task runs.
        const r = await cliInProcess(
          'distribute',
          input,
          ...FLAGS,
          ...['--engine', 'slurm', '--work-dir', work, '--detach', '--sbatch-arg', '--hold', '--out', out],
        );
        expect(r.code).toBe(0);
        const { arrayJob, mergeJob } = JSON.parse(r.stdout);
        const held = await status(work);
        expect(held).toMatchObject({ state: 'running', tasks: { pending: 4, done: 0, failed: 0 } });
        const [partInput] = readdirSync(`${work}/part-0`).filter((n) => n.startsWith('input.'));
        writeFileSync(`${work}/part-0/${partInput}`, 'spoilt');
        expect(spawnSync('scontrol', ['release', arrayJob, mergeJob]).status).toBe(0);

        expect(
          await until(() => {
            const q = spawnSync('squeue', ['-h', '-t', 'all', '-j', mergeJob, '-o', '%T'], {
              encoding: 'utf8',
            });
            return q.stdout.trim() === 'CANCELLED';
          }, 240_000),
        ).toBe(true);
        const after = await status(work);
        expect(after.state).toBe('failed');
        expect(after.merge.state).toBe('CANCELLED');
        expect(after.failed).toEqual([
          { part: 0, reason: expect.stringMatching(/^input\.parquet: not a readable Parquet file/) },
        ]);
        expect(after.release).toBeUndefined();
        expect(existsSync(`${work}/merge/exit`)).toBe(false);
        expect(existsSync(out)).toBe(false);
      },
      SPAWNS_LIMIT_MS,
    );

    it('--detach needs a --work-dir; --status of a folder that is not a run says so', async () => {
      const input = await netflixRows(dir, 400);
      const r = await cliInProcess(
        'distribute',
        input,
        ...FLAGS,
        '--engine',
        'slurm',
        '--detach',
        '--out',
        dir.path('x.json'),
      );
      expect([r.code, r.stderr]).toEqual([
        2,
        'error: --detach applies only with --engine slurm and a --work-dir the nodes share; leave it out\n',
      ]);
      const s = await cliInProcess('distribute', '--status', dir.dir);
      expect([s.code, s.stderr]).toEqual([
        2,
        `error: --status ${dir.dir}: no detached.json in ${dir.dir}: not the work dir of a --detach run\n`,
      ]);
    });
  },
);
