/**
 * `distribute --engine slurm --detach` and `distribute --status DIR` on a real Slurm (issue 42):
 * the two-node test cluster of test/slurm/cluster.sh, as distribute.slurm.test.ts starts it (its
 * own, stopped after this file).
 * - a detached run returns at once with its jobs; its merge job (afterany) writes a verified
 *   release identical byte for byte to an attached run's; --status before (running) and after
 *   (done, the release's path, verified);
 * - array tasks cancelled with scancel, one running, one pending: the merge job retries them (a new
 *   array of those indices and a new merge job), --status shows the retries and their reasons
 *   (Slurm's CANCELLED for the running one; the one squeue forgot is "lost", with sacct's own
 *   answer on this cluster, which keeps no accounting), and the release is the same;
 * - a detached run whose array fails on bad input: not retried, the merge job fails with the
 *   partition's own reason, and --status says failed.
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
    retried: { part: number; attempt: number; reason: string; at: string }[];
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

        expect(await until(() => existsSync(`${work}/merge/${submitted.mergeJob}/exit`), 240_000)).toBe(true);
        const after = await status(work);
        expect(after).toMatchObject({
          state: 'done',
          tasks: { pending: 0, running: 0, done: 4, failed: 0 },
          failed: [],
          retried: [],
          release: { path: out, verified: true },
        });
        const record = JSON.parse(readFileSync(`${work}/merge/${submitted.mergeJob}/record.json`, 'utf8'));
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
      'array tasks cancelled with scancel (one running, one pending): the merge job retries them',
      async () => {
        const input = await netflixRows(dir, 400);
        const work = dir.path('cancelled-work');
        const out = dir.path('cancelled-release.json');
        // One task at a time (%1): partition 3 waits while partition 0 runs.
        const flags = [...FLAGS.slice(0, -1), '1'];
        const r = await cliInProcess(
          'distribute',
          input,
          ...flags,
          ...['--engine', 'slurm', '--work-dir', work, '--detach', '--out', out],
        );
        expect(r.code).toBe(0);
        const { arrayJob, mergeJob } = JSON.parse(r.stdout);
        const attempts = (part: number) =>
          existsSync(`${work}/part-${part}`)
            ? readdirSync(`${work}/part-${part}`).filter((n) => n.startsWith('attempt-'))
            : [];
        expect(await until(() => attempts(0).length > 0, 240_000)).toBe(true);
        const cancelled = Date.now();
        expect(spawnSync('scancel', [`${arrayJob}_0`, `${arrayJob}_3`]).status).toBe(0);

        let last = await status(work);
        for (const end = Date.now() + 480_000; !/^(done|failed)$/.test(last.state) && Date.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          last = await status(work);
        }
        expect(last).toMatchObject({
          state: 'done',
          tasks: { pending: 0, running: 0, done: 4, failed: 0 },
          release: { path: out, verified: true },
        });
        expect(last.merge.job).not.toBe(mergeJob); // the merge job that retried handed over
        expect(last.retried.map((x) => [x.part, x.attempt])).toEqual([
          [0, 1],
          [3, 1],
        ]);
        expect(last.retried[0].reason).toMatch(
          /^Slurm ended it CANCELLED on node n[12]: cancelled by scancel or an administrator$/,
        );
        // A pending array task cancelled leaves squeue at once; this cluster keeps no accounting.
        expect(last.retried[1].reason).toBe(
          `job ${arrayJob}_3 left Slurm's queue with no result (lost; sacct: Slurm accounting storage is disabled)`,
        );
        // The retry waits for the array's other tasks (afterany): a bound for a loaded box.
        expect(Date.parse(last.retried[0].at) - cancelled).toBeLessThan(300_000);
        writeFileSync(`${work}/cancelled-at`, `${new Date(cancelled).toISOString()}\n`);
        const first = JSON.parse(readFileSync(`${work}/merge/${mergeJob}/record.json`, 'utf8'));
        expect(first.resubmitted.map((x: { part: number }) => x.part)).toEqual([0, 3]);
        expect(attempts(0).length).toBeGreaterThanOrEqual(2);
        expect(readFileSync(out, 'utf8')).toBe(readFileSync(dir.path('detached-release.json'), 'utf8'));
      },
      SPAWNS_LIMIT_MS,
    );

    it(
      'an array failing on bad input: not retried, the merge job fails with its reason, --status says failed',
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

        expect(await until(() => existsSync(`${work}/merge/${mergeJob}/exit`), 240_000)).toBe(true);
        const after = await status(work);
        expect(after.state).toBe('failed');
        expect(after.merge.job).toBe(mergeJob);
        expect(after.failed).toEqual([
          { part: 0, reason: expect.stringMatching(/^input\.parquet: not a readable Parquet file/) },
          {
            part: -1,
            reason: expect.stringMatching(
              /^the merge job: partition 0: input\.parquet: not a readable Parquet file/,
            ),
          },
        ]);
        expect(after.retried).toEqual([]);
        expect(readdirSync(`${work}/part-0`).filter((n) => n.startsWith('attempt-'))).toHaveLength(1);
        expect(readFileSync(`${work}/merge/${mergeJob}/exit`, 'utf8').trim()).toBe('2');
        expect(after.release).toBeUndefined();
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
