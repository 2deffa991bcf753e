/**
 * `distribute --engine dask` (issue 35) on a LocalCluster of 2 workers (Debian's
 * python3-distributed; `npm test` installs it when missing): every model's merged release
 * verifies and is the release `--engine local` makes, byte for byte (so a rerun gives the same
 * release; differential privacy, DiffPart on the item-hash split, with seeded noise); a worker killed while it runs a partition still yields the same release (the scheduler
 * runs the partition again elsewhere). Few and small runs: each starts a cluster.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cliCommand } from '../src/cli/distribute/cliEntry.ts';
import { checkScheduler, runDask } from '../src/cli/distribute/daskEngine.ts';
import { cliInProcess, netflixRows, scratch } from './cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const dir = scratch('distribute-dask');

const netflix = (rows: number) => netflixRows(dir, rows);

function mushroom(rows: number): string {
  const text = gunzipSync(readFileSync('test/data/mushroom.dat.gz')).toString().split('\n').slice(0, rows);
  return dir.file(`mushroom-${rows}.dat`, text.join('\n') + '\n');
}

async function run(engine: string, data: string, flags: string[], name: string) {
  const out = dir.path(`${name}-${engine}.json`);
  const r = await cliInProcess(
    'distribute',
    data,
    ...flags,
    '--engine',
    engine,
    '--workers',
    '2',
    '--out',
    out,
  );
  expect(r.stderr).not.toMatch(/^error/m);
  expect(r.code).toBe(0);
  return { record: JSON.parse(r.stdout), release: readFileSync(out, 'utf8') };
}

const MODELS: { model: string; flags: string[]; data: () => Promise<string> | string }[] = [
  { model: 'k-anonymity', flags: ['--method', 'pta', '--k', '5'], data: () => netflix(400) },
  {
    model: 'p-degree',
    flags: ['--method', 'gray-cahd', '--p', '3', '--sensitive-top', '2'],
    data: () => netflix(400),
  },
  {
    model: 'km-anonymity',
    flags: ['--method', 'apriori-km', '--k', '3', '--m', '2'],
    data: () => netflix(400),
  },
  { model: 'l-diversity', flags: ['--method', 'multi-anatomy', '--l', '2'], data: () => mushroom(400) },
  {
    // Seeded noise (each partition its own seed), so that the two engines' releases can be equal.
    model: 'differential-privacy (diffpart, item-hash split)',
    flags: ['--method', 'diffpart', '--epsilon', '10', '--seed', '7'],
    data: () => 'test/data/BMS1.dat.gz',
  },
];

describe('distribute --engine dask (LocalCluster, 2 workers)', () => {
  it.each(MODELS)(
    '$model: verified, and the release of --engine local',
    async ({ flags, data }) => {
      const input = await data();
      const all = [...flags, '--parts', '2'];
      const dask = await run('dask', input, all, flags[1]);
      expect(dask.record.verified).toBe(true);
      expect(dask.record.distribute.partitions).toHaveLength(2);
      expect(dask.record.distribute.cpu_s.partitions).toBeGreaterThan(0);
      const local = await run('local', input, all, flags[1]);
      expect(dask.release).toBe(local.release);
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a worker killed while it runs a partition: the same release',
    async () => {
      const input = await netflix(400);
      const flags = ['--method', 'pta', '--k', '5', '--parts', '4'];
      const reference = await run('local', input, flags, 'killed-reference');
      const out = dir.path('killed.json');
      const [node, ...args] = cliCommand();
      const child = spawn(node, [
        ...args,
        'distribute',
        input,
        ...flags,
        '--engine',
        'dask',
        '--workers',
        '2',
        '--out',
        out,
      ]);
      let stderr = '';
      let stdout = '';
      let killed: number | null = null;
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        const started = /attempt started on \S+ \(worker pid (\d+)\)/.exec(stderr);
        if (started && killed === null) {
          killed = Number(started[1]);
          // Mid-task: the partition's process has started under that worker.
          setTimeout(() => process.kill(killed!, 'SIGKILL'), 300);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).not.toMatch(/^error/m);
      expect(code).toBe(0);
      expect(killed).not.toBeNull();
      const record = JSON.parse(stdout);
      expect(record.verified).toBe(true);
      // Some partition ran more than once: the one the killed worker held.
      expect(
        Math.max(...record.distribute.partitions.map((p: { attempts: number }) => p.attempts)),
      ).toBeGreaterThan(1);
      expect(readFileSync(out, 'utf8')).toBe(reference.release);
    },
    SPAWNS_LIMIT_MS,
  );
});

describe('the Dask engine on its own', () => {
  it(
    "retries a failing task (Dask's retries); one that keeps failing fails the run with its reason",
    async () => {
      const work = dir.path('engine-dask');
      mkdirSync(work, { recursive: true });
      const marker = dir.path('dask-flaky-marker');
      const flaky = `test -e ${marker} || { touch ${marker}; echo flaked >&2; exit 1; }; echo '{}'`;
      const log: string[] = [];
      const options = { workers: 2, retries: 2, workDir: work, log: (l: string) => log.push(l) };
      const tasks = [
        { part: 0, dir: `${work}/part-0`, argv: ['bash', '-c', flaky] },
        { part: 1, dir: `${work}/part-1`, argv: ['bash', '-c', 'echo "disk on fire" >&2; exit 1'] },
        // A broken Node environment: the missing module is the reason, not Node's version trailer.
        {
          part: 2,
          dir: `${work}/part-2`,
          argv: [process.execPath, '--import', '/nowhere/loader.mjs', '-e', '1'],
        },
      ];
      for (const t of tasks) mkdirSync(t.dir, { recursive: true });
      await expect(runDask(tasks.slice(0, 2), options)).rejects.toThrow(
        /^partition 1 failed after 3 attempts; the last: disk on fire$/,
      );
      await expect(runDask([tasks[2]], options)).rejects.toThrow(
        /^partition 2 failed after 3 attempts; the last: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '\/nowhere\/loader\.mjs'/,
      );
      rmSync(marker, { force: true });
      const outcomes = await runDask([tasks[0]], options);
      expect(outcomes[0].attempts).toBeGreaterThanOrEqual(2);
    },
    SPAWNS_LIMIT_MS,
  );
});

describe('a Dask scheduler killed mid-run', () => {
  it(
    'the run fails saying the scheduler no longer answers, within a bounded time',
    async () => {
      const port = await freePort(); // a fixed port could be another run's scheduler
      const address = `tcp://127.0.0.1:${port}`;
      const scheduler = spawn(
        'dask-scheduler',
        ['--host', '127.0.0.1', '--port', String(port), '--dashboard-address', ':0'],
        {
          stdio: 'ignore',
        },
      );
      const workers = spawn(
        'dask-worker',
        [address, '--nthreads', '1', '--nworkers', '2', '--no-dashboard'],
        {
          stdio: 'ignore',
          detached: true,
        },
      );
      try {
        await checkSchedulerSoon(address);
        const work = dir.path('engine-dask-scheduler');
        const tasks = [0, 1].map((part) => ({
          part,
          dir: `${work}/part-${part}`,
          argv: ['bash', '-c', 'sleep 60; echo "{}"'],
        }));
        for (const t of tasks) mkdirSync(t.dir, { recursive: true });
        let killedAt = 0;
        // With a scheduler of its own, a task's start line is in the worker's log: its attempt
        // directory says it started.
        const watch = setInterval(() => {
          if (!killedAt && tasks.some((t) => readdirSync(t.dir).length > 0)) {
            killedAt = Date.now();
            scheduler.kill('SIGKILL');
          }
        }, 200);
        const running = runDask(tasks, {
          workers: 2,
          retries: 2,
          workDir: work,
          scheduler: address,
          log: () => {},
        });
        await expect(running.finally(() => clearInterval(watch))).rejects.toThrow(
          new RegExp(`^the Dask scheduler ${address} no longer answers \\(ConnectionRefusedError`),
        );
        expect(killedAt).toBeGreaterThan(0);
        // Noticed when the client's connection closes, well before the tasks' 60 s would end.
        expect(Date.now() - killedAt).toBeLessThan(55_000);
      } finally {
        scheduler.kill('SIGKILL');
        try {
          process.kill(-workers.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }
    },
    SPAWNS_LIMIT_MS,
  );
});

/** A TCP port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until a scheduler started just now accepts connections. */
async function checkSchedulerSoon(address: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await checkScheduler(address);
    } catch (error) {
      if (i > 30) throw error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

describe('distribute --mode rounds --engine dask: PatternKa Alg. 5 on the engine', () => {
  it(
    "map (each mining's rows keyed by item) and reduce (a task per key group) on 2 workers: the single-process release",
    async () => {
      const input = await netflix(600);
      const single = {
        out: dir.path('patternka-single.json'),
        audit: dir.path('patternka-single-audit.json'),
      };
      const flags = ['--method', 'patternka', '--k', '5', '--seed', '7'];
      const one = await cliInProcess(
        'anonymize',
        input,
        ...flags,
        '--workers',
        '1',
        '--out',
        single.out,
        '--audit',
        single.audit,
      );
      expect(one.code).toBe(0);
      const out = dir.path('patternka-rounds.json');
      const audit = dir.path('patternka-rounds-audit.json');
      const r = await cliInProcess(
        'distribute',
        input,
        ...flags,
        '--mode',
        'rounds',
        '--engine',
        'dask',
        '--workers',
        '2',
        '--out',
        out,
        '--audit',
        audit,
      );
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/Error|EPIPE/); // the task servers end quietly with their workers
      const record = JSON.parse(r.stdout);
      expect(record.verified).toBe(true);
      expect(record.distribute.rounds).toBeGreaterThan(1);
      expect(record.distribute.tasks).toBe(record.distribute.rounds * 8); // MINING_GROUPS a mining
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(single.out, 'utf8'));
      expect(readFileSync(audit, 'utf8')).toBe(readFileSync(single.audit, 'utf8'));
    },
    SPAWNS_LIMIT_MS,
  );
});
