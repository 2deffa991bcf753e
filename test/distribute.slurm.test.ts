/**
 * `distribute --engine slurm` on a real Slurm (issue 42): Debian's slurm-wlm 22.05 and munge, one
 * slurmctld and two slurmd (NodeName n1 and n2 on this one host, each its own port and spool),
 * started by test/slurm/cluster.sh for this file and stopped after it (`npm test` installs the
 * packages when it can: scripts/test-all.sh). Without Slurm, and with no way to install it here
 * (not root, no apt-get), the file is skipped with that reason.
 * - a distribute on both nodes: the merged release verified, the release of `--engine local`,
 *   byte for byte; the attempts ran on n1 and on n2;
 * - faults, each with the task's real reason: bad input not retried (a task's exit code 2, and
 *   the CLI itself reading a corrupt Parquet partition on a node); a node without the Node
 *   program and a broken Node environment (a missing module) named as such, retried; a task
 *   cancelled with scancel retried and the run ends well; a killed slurmd noticed, the task run
 *   again on the other node, no hang;
 * - the driver killed (SIGTERM): it ends by the signal, no job of it is left pending or running,
 *   no raw partition or audit is left behind, except in a --work-dir the user named (it says so).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliCommand } from '../src/cli/distribute/cliEntry.ts';
import type { EngineTask } from '../src/cli/distribute/engine.ts';
import { runSlurm } from '../src/cli/distribute/slurmEngine.ts';
import { cliInProcess, cliProcess, netflixRows, scratch } from './cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';
import { slurmUnavailable, until, useTestCluster } from './slurm/testCluster.ts';

const dir = scratch('distribute-slurm');
const state = dir.path('cluster');

const skipped = slurmUnavailable();
if (skipped) console.warn(`distribute.slurm.test.ts skipped: ${skipped}`);

/** Jobs of this cluster still pending or running. */
const activeJobs = () =>
  spawnSync('squeue', ['-h', '-r', '-t', 'PENDING,RUNNING,COMPLETING', '-o', '%i'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);

const netflix = (rows: number) => netflixRows(dir, rows);

/** The engine alone on tasks of a shell line each (no CLI start: seconds, not a minute). */
function shellTasks(name: string, lines: string[]): EngineTask[] {
  const work = dir.path(name);
  return lines.map((line, part) => {
    const d = `${work}/part-${part}`;
    mkdirSync(d, { recursive: true });
    return { part, dir: d, argv: ['bash', '-c', line] };
  });
}

const engineOptions = (name: string, log: string[] = []) => ({
  workers: 2,
  retries: 2,
  workDir: dir.path(name),
  log: (l: string) => log.push(l),
});

/** A time this file measured, kept in its scratch folder (measured.txt) for the notes' table. */
const measured = (what: string, ms: number) =>
  appendFileSync(dir.path('measured.txt'), `${what}: ${ms} ms\n`);

const attemptsOf = (task: EngineTask) => readdirSync(task.dir).filter((n) => n.startsWith('attempt-'));

describe.skipIf(skipped !== null)('distribute --engine slurm on a two-node Slurm of this host', () => {
  useTestCluster(state);

  it(
    'a distribute on both nodes: verified, the release of --engine local byte for byte',
    async () => {
      const input = await netflix(400);
      const flags = ['--method', 'pta', '--k', '5', '--parts', '4', '--workers', '2'];
      const work = dir.path('both-work');
      const out = dir.path('both-slurm.json');
      const r = await cliInProcess(
        'distribute',
        input,
        ...flags,
        '--engine',
        'slurm',
        '--work-dir',
        work,
        '--sbatch-arg',
        '--comment=txanon-test',
        '--out',
        out,
      );
      expect(r.stderr).not.toMatch(/^error/m);
      expect(readFileSync(`${work}/txanon-array.sh`, 'utf8')).toContain('#SBATCH --comment=txanon-test\n');
      expect(r.code).toBe(0);
      const record = JSON.parse(r.stdout);
      expect(record.verified).toBe(true);
      expect(record.distribute.partitions).toHaveLength(4);
      // Every attempt wrote the name of the node it ran on: both nodes ran partitions.
      const nodes = new Set(
        [0, 1, 2, 3].flatMap((p) =>
          readdirSync(`${work}/part-${p}`)
            .filter((n) => n.startsWith('attempt-'))
            .map((n) => readFileSync(`${work}/part-${p}/${n}/node`, 'utf8').trim()),
        ),
      );
      expect([...nodes].sort()).toEqual(['n1', 'n2']);
      const localOut = dir.path('both-local.json');
      const local = await cliInProcess('distribute', input, ...flags, '--engine', 'local', '--out', localOut);
      expect(local.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(localOut, 'utf8'));
    },
    SPAWNS_LIMIT_MS,
  );

  it("--workers is bounded by the partition's CPUs (2 here), not by this host", async () => {
    const input = await netflix(400);
    // The refusal comes after the partitions are written: their temporary folder must go too.
    const workDirs = () => readdirSync('.').filter((n) => n.startsWith('.txanon-distribute-'));
    const before = workDirs();
    const r = await cliInProcess(
      'distribute',
      input,
      ...['--method', 'pta', '--k', '5', '--parts', '4', '--engine', 'slurm', '--workers', '3'],
      ...['--out', dir.path('never.json')],
    );
    expect([r.code, r.stderr]).toEqual([
      2,
      'error: --workers 3: partition debug has 2 CPUs (sinfo); at most that many tasks run at once\n',
    ]);
    expect(workDirs()).toEqual(before);
  });

  it(
    'bad input (exit code 2) is not retried: the run fails at once with its message',
    async () => {
      const tasks = shellTasks('bad-input', [
        'echo "error: part.parquet: line 3, column 1: not a list of items" >&2; exit 2',
        'sleep 30; echo "{}"',
      ]);
      const started = Date.now();
      await expect(runSlurm(tasks, engineOptions('bad-input'), { sbatchArgs: [] })).rejects.toThrow(
        /^partition 0: part\.parquet: line 3, column 1: not a list of items$/,
      );
      expect(attemptsOf(tasks[0])).toHaveLength(1);
      // The array's other task was cancelled, not waited for.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await until(() => activeJobs().length === 0, 20_000)).toBe(true);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a corrupt partition input read by the CLI on a node: exit code 2, not retried, its own message',
    async () => {
      const [base] = shellTasks('corrupt', ['true']);
      const bad = dir.file('corrupt-input.parquet', 'PAR1 spoilt, not a Parquet file');
      const [node, ...cli] = cliCommand();
      const argv = [node, ...cli, 'anonymize', bad, '--format', 'parquet', '--method', 'pta', '--k', '5'];
      const task = { ...base, argv: [...argv, '--out', '{attempt}/release.json'] };
      await expect(runSlurm([task], engineOptions('corrupt'), { sbatchArgs: [] })).rejects.toThrow(
        /^partition 0: corrupt-input\.parquet: not a readable Parquet file/,
      );
      expect(attemptsOf(task)).toHaveLength(1);
      expect(await until(() => activeJobs().length === 0, 20_000)).toBe(true);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a broken Node environment names the missing module, after its retries; a node without Node says so',
    async () => {
      const [node] = cliCommand();
      const tasks = shellTasks('broken-env', [`${node} --import /nowhere/tsx/loader.mjs -e 1`]);
      await expect(runSlurm(tasks, engineOptions('broken-env'), { sbatchArgs: [] })).rejects.toThrow(
        /^partition 0 failed 3 times; the last: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '\/nowhere\/tsx\/loader\.mjs'/,
      );
      expect(attemptsOf(tasks[0])).toHaveLength(3);
      const noNode = shellTasks('no-node', ['echo "{}"']).map((t) => ({ ...t, argv: [node, '-e', '1'] }));
      await expect(
        runSlurm(
          noNode,
          { ...engineOptions('no-node'), retries: 0 },
          { node: '/nowhere/bin/node', sbatchArgs: [] },
        ),
      ).rejects.toThrow(
        /no Node program on node n[12] .*--node \/nowhere\/bin\/node.*name one with --node PATH/,
      );
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a task cancelled with scancel is retried, and the run ends well',
    async () => {
      const tasks = shellTasks('cancelled', ['sleep 8; echo "{}"', 'sleep 8; echo "{}"']);
      const log: string[] = [];
      let noticed = 0;
      const options = {
        ...engineOptions('cancelled'),
        log: (line: string) => {
          log.push(line);
          if (/^partition 0: attempt 1 failed/.test(line)) noticed ||= Date.now();
        },
      };
      const running = runSlurm(tasks, options, { sbatchArgs: [] });
      // The first attempt of partition 0 is running: cancel that array task.
      expect(await until(() => attemptsOf(tasks[0]).length > 0, 120_000)).toBe(true);
      const job = /^attempt-(\d+_\d+)-/.exec(attemptsOf(tasks[0])[0])![1];
      const cancelled = Date.now();
      expect(spawnSync('scancel', [job]).status).toBe(0);
      const outcomes = await running;
      measured('attached scancel noticed (retry submitted)', noticed - cancelled);
      measured('attached scancel to the run end', Date.now() - cancelled);
      expect(outcomes.map((o) => o.part)).toEqual([0, 1]);
      expect(outcomes[0].attempts).toBe(2);
      expect(log.join('\n')).toMatch(
        /partition 0: attempt 1 failed \(Slurm ended it CANCELLED on node n[12]: cancelled by scancel or an administrator while it ran\); retrying/,
      );
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a killed slurmd is noticed (the node stops answering), its task runs again on the other node: no hang',
    async () => {
      const tasks = shellTasks('slurmd', ['sleep 15; echo "{}"', 'sleep 15; echo "{}"']);
      const log: { at: number; line: string }[] = [];
      const options = {
        ...engineOptions('slurmd'),
        log: (line: string) => log.push({ at: Date.now(), line }),
      };
      const running = runSlurm(tasks, options, { sbatchArgs: [] });
      const onN1 = () =>
        tasks.find((t) =>
          attemptsOf(t).some(
            (n) =>
              existsSync(`${t.dir}/${n}/node`) && readFileSync(`${t.dir}/${n}/node`, 'utf8').trim() === 'n1',
          ),
        );
      expect(await until(() => onN1() !== undefined, 120_000)).toBe(true);
      const pid = Number(readFileSync(`${state}/n1/slurmd.pid`, 'utf8'));
      const killed = Date.now();
      process.kill(pid, 'SIGKILL');
      try {
        const outcomes = await running;
        expect(outcomes.map((o) => o.part)).toEqual([0, 1]);
        const part = onN1()!.part;
        const noticed = log.find((l) =>
          new RegExp(
            `^partition ${part}: attempt 1 failed \\(node n1 stopped answering slurmctld \\(sinfo: \\w+\\*\\)`,
          ).test(l.line),
        );
        expect(noticed, log.map((l) => l.line).join('\n')).toBeDefined();
        // slurmctld marks the node within the test cluster's SlurmdTimeout (10 s), the driver sees
        // it at its next poll (2 s): a bound for a loaded box, not a speed check.
        expect(noticed!.at - killed).toBeLessThan(60_000);
        measured('slurmd SIGKILL noticed', noticed!.at - killed);
        measured('slurmd SIGKILL to the run end', Date.now() - killed);
        expect(log.some((l) => /submitted \(1 array tasks, .*--exclude=n1\)/.test(l.line))).toBe(true);
        expect(outcomes.find((o) => o.part === part)!.attempts).toBeGreaterThan(1);
      } finally {
        // n1 back for the tests after this one (ReturnToService=2 takes it back).
        spawnSync('slurmd', ['-f', `${state}/slurm.conf`, '-N', 'n1']);
        await until(
          () =>
            /^n1 idle$/m.test(spawnSync('sinfo', ['-h', '-N', '-o', '%N %t'], { encoding: 'utf8' }).stdout),
          60_000,
        );
      }
    },
    SPAWNS_LIMIT_MS,
  );

  /** The CLI in a process of its own in `cwd`, signalled once its array is submitted. */
  async function killedDriver(cwd: string, extra: string[]) {
    const input = await netflix(400);
    let job: string | null = null;
    let killedAt = 0;
    const { code, signal, stderr } = await cliProcess(
      ['distribute', input, '--method', 'pta', '--k', '5', '--parts', '4', '--engine', 'slurm'].concat(
        extra,
        ['--out', `${cwd}/never.json`],
      ),
      { cwd },
      (text, child) => {
        const submitted = /slurm: job (\d+) submitted/.exec(text);
        if (submitted && job === null) {
          job = submitted[1];
          killedAt = Date.now();
          child.kill('SIGTERM');
        }
      },
    );
    const exited = Date.now() - killedAt;
    return { code, signal, stderr, job, killedAt, exited };
  }

  it(
    'SIGTERM to the driver: the array cancelled, no partition or audit left, ended by the signal',
    async () => {
      const cwd = dir.path('killed-driver');
      mkdirSync(cwd, { recursive: true });
      const { signal, job, stderr, killedAt, exited } = await killedDriver(cwd, []);
      expect(job, stderr).not.toBeNull();
      expect(signal).toBe('SIGTERM');
      expect(await until(() => !activeJobs().some((j) => j.startsWith(`${job}_`)), 30_000)).toBe(true);
      measured('SIGTERM to the driver: its exit', exited);
      measured('SIGTERM to the driver: no job of it in squeue', Date.now() - killedAt);
      // The default work directory (under the current one on Slurm) went with the run.
      expect(readdirSync(cwd)).toEqual([]);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'SIGTERM to the driver with a named --work-dir: the array cancelled, the directory kept and said so',
    async () => {
      const cwd = dir.path('killed-driver-named');
      mkdirSync(cwd, { recursive: true });
      const work = `${cwd}/work`;
      const { signal, job, stderr } = await killedDriver(cwd, ['--work-dir', work]);
      expect(signal).toBe('SIGTERM');
      expect(stderr).toContain(`the partitions and their audits stay in --work-dir ${work}`);
      expect(await until(() => !activeJobs().some((j) => j.startsWith(`${job}_`)), 30_000)).toBe(true);
      expect(existsSync(`${work}/part-0/input.parquet`)).toBe(true);
      expect(readdirSync(cwd)).toEqual(['work']);
    },
    SPAWNS_LIMIT_MS,
  );
});
