/**
 * NNGroup's queries answered ahead of their turn on the worker pool (shared/p-degree/
 * speculativeGroups.ts, neighbourPrefix.ts, preparedNeighbours.ts; lsh/lshAnswers.ts): the groups
 * are the sequential loop's, the release byte for byte the one of one thread, with the pool
 * coordinated in the CLI's main thread (roundsHere.ts, `anonymize --workers N`) and on a worker
 * (the page, poolRun.ts), and an answer is right whatever state a worker's index was left in.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bitsetOfFlags } from '../src/core/data/bitset.ts';
import { shapeDataset, shapeFimi } from '../src/core/data/syntheticShape.ts';
import { ExactNeighbours } from '../src/core/methods/shared/p-degree/exactNeighbours.ts';
import { greedyGroups } from '../src/core/methods/shared/p-degree/greedyGroups.ts';
import {
  neighbourPrefix,
  partnersFromPrefix,
  type NeighbourPrefix,
} from '../src/core/methods/shared/p-degree/neighbourPrefix.ts';
import {
  preparedNeighbours,
  type NeighbourTask,
} from '../src/core/methods/shared/p-degree/preparedNeighbours.ts';
import { SensitiveRows } from '../src/core/methods/shared/p-degree/sensitiveRows.ts';
import {
  ROUND_QUERIES,
  SPECULATIVE_MIN_ROWS,
  speculativeGroups,
} from '../src/core/methods/shared/p-degree/speculativeGroups.ts';
import { findMethod } from '../src/core/methods/registry.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { WorkerPool } from '../workers/pool.ts';
import { runOnPool } from '../workers/poolRun.ts';
import { roundsHere } from '../workers/roundsHere.ts';
import { anonymizeWithWorkers, scratch } from './cliInProcess.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';
import { HANG_LIMIT_MS } from './limits.ts';

/**
 * Between 60 and `maxRows` rows (fast-check's default sizes stay small): several rounds of
 * queries. Few items, so rows share near neighbours and a round's queries collide.
 */
function manyRows(items: number, maxRows: number, maxLength: number) {
  const row = fc.uniqueArray(fc.integer({ min: 0, max: items - 1 }), { maxLength });
  return fc.array(row, { minLength: 60, maxLength: maxRows, size: 'max' });
}

/** Netflix-like rows (Zipf popularity, heavy-tailed lengths), small. */
const netflixLike = { D: 1_500, N: 60, T: 5, maxLength: 40, zipf: 1, seed: 2 };

describe('speculative NNGroup: the sequential groups', () => {
  it('answers from earlier states, decided or asked again, give greedyGroups exactly (property)', () => {
    let undecided = 0;
    let decidedAfterTakes = 0;
    fc.assert(
      fc.property(
        manyRows(14, 160, 7),
        fc.integer({ min: 2, max: 5 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 13 }), { minLength: 1, maxLength: 3 }),
        (rowsIn, p, sensitive) => {
          const dataset = datasetOf(rowsIn);
          const items = sensitive.flatMap((s) => dataset.dictionary.find(String(s)) ?? []);
          if (items.length === 0) return;
          const rows = new SensitiveRows(
            dataset,
            items.sort((a, b) => a - b),
          );
          const exact = new ExactNeighbours(rows);
          const sequential = greedyGroups(rows, p, rows.sensitiveRows, {
            partners: (t, remaining) => exact.partners(t, remaining, p),
            removed: (group) => exact.forget(group),
          });
          const loop = speculativeGroups(
            rows,
            p,
            rows.sensitiveRows,
            (query, remaining): NeighbourTask => ({ sensitive: rows.sensitive, remaining, query }),
            (t, prefix: NeighbourPrefix, isRemaining, takenSince) => {
              const partners = partnersFromPrefix(rows, t, prefix, isRemaining, p);
              if (!partners) undecided++;
              else if (takenSince.length > 0) decidedAfterTakes++;
              return partners;
            },
          );
          let step = loop.next();
          while (!step.done) {
            const answers = step.value.map((task) => {
              expect(task.remaining).toBeInstanceOf(Uint32Array);
              const { rows: own, exact: index, isRemaining } = preparedNeighbours(dataset, task);
              return neighbourPrefix(own, task.query, index.byDistance(task.query, isRemaining), p);
            });
            expect(step.value.length).toBeLessThanOrEqual(ROUND_QUERIES);
            step = loop.next(answers);
          }
          expect(step.value).toEqual(sequential);
        },
      ),
      { numRuns: 300 },
    );
    // Both paths were taken: answers corrected for rows taken since, and answers that could not tell.
    expect(decidedAfterTakes).toBeGreaterThan(0);
    expect(undecided).toBeGreaterThan(0);
  });

  it("a worker's index answers as a fresh one whatever states its tasks come in (property)", () => {
    fc.assert(
      fc.property(
        arbitraryRows(12, 60, 6),
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.tuple(fc.nat(), fc.array(fc.boolean(), { minLength: 60, maxLength: 60 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (rowsIn, p, tasks) => {
          const dataset = datasetOf(rowsIn);
          if (dataset.n === 0 || dataset.d === 0) return;
          const rows = new SensitiveRows(dataset, [0]);
          const fresh = new ExactNeighbours(rows);
          // States in any order: rows leave, or a run starts again with them (another run's task).
          for (const [pick, kept] of tasks) {
            const isRemaining = Uint8Array.from({ length: dataset.n }, (_, r) => (kept[r] ? 1 : 0));
            const query = pick % dataset.n;
            const task = { sensitive: [0], remaining: bitsetOfFlags(isRemaining), query };
            const prepared = preparedNeighbours(dataset, task);
            expect(prepared.isRemaining).toEqual(isRemaining);
            expect(
              neighbourPrefix(prepared.rows, query, prepared.exact.byDistance(query, isRemaining), p),
            ).toEqual(neighbourPrefix(rows, query, fresh.byDistance(query, isRemaining), p));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** A pool of in-process engines (test/fakeEndpoint.ts) holding `dataset` as 'd'. */
async function fakePool(size: number, dataset: ReturnType<typeof datasetOf>, log: string[] = []) {
  let spawned = 0;
  const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), size);
  await pool.register('d', dataset.toHandle());
  return pool;
}

describe('nn and lsh on the worker pool: the release of one thread', () => {
  for (const method of ['nn', 'lsh']) {
    it(`${method}: the CLI's pool (main thread coordinating 2-3 workers) gives the same release, audit and notes (property)`, async () => {
      let severalRounds = 0;
      await fc.assert(
        fc.asyncProperty(
          manyRows(12, 300, 6),
          fc.integer({ min: 2, max: 4 }),
          fc.integer({ min: 1, max: 3 }),
          fc.nat(100),
          fc.integer({ min: 2, max: 3 }),
          fc.integer({ min: 1, max: 8 }),
          async (rowsIn, p, m, seed, workers, w) => {
            const dataset = datasetOf(rowsIn);
            if (dataset.d < m) return;
            const request: RunRequest = {
              method,
              params: method === 'lsh' ? { p, w, B: 4 } : { p },
              seed,
              sensitive: { random: m },
            };
            let alone;
            try {
              alone = runMethod(dataset, request);
            } catch (error) {
              expect(String(error)).toMatch(/Theorem 1/);
              return;
            }
            const log: string[] = [];
            const pool = await fakePool(workers, dataset, log);
            const { result } = await roundsHere(pool, 'd', dataset, request);
            const here = runMethod(dataset, request, { result });
            expect(JSON.stringify(here.release)).toBe(JSON.stringify(alone.release));
            expect(JSON.stringify(here.audit)).toBe(JSON.stringify(alone.audit));
            expect(here.record.notes).toEqual(alone.record.notes);
            expect(here.record.verified).toBe(true);
            if (log.filter((entry) => entry.endsWith(':runTask')).length > ROUND_QUERIES) severalRounds++;
          },
        ),
        { numRuns: 60 },
      );
      expect(severalRounds).toBeGreaterThan(10);
    });
  }

  it('the page: nn and lsh coordinated on a worker, queries on every worker, the same files as one worker', async () => {
    const dataset = shapeDataset(netflixLike);
    for (const method of ['nn', 'lsh']) {
      const log: string[] = [];
      const pool = await fakePool(2, dataset, log);
      const request = { method, params: { p: 4 }, seed: 3, sensitive: { random: 3 } };
      const spread = await runOnPool(pool, 'd', request, true, () => {});
      const whole = await runOnPool(pool, 'd', request, false, () => {});
      expect(await spread.files.release.text()).toBe(await whole.files.release.text());
      expect(await spread.files.audit.text()).toBe(await whole.files.audit.text());
      expect(spread.record.notes).toEqual(whole.record.notes);
      // The page's tasks go worker to worker, each taken by its port (workers/poolRun.ts).
      const tasks = log.filter((entry) => entry.endsWith(':portTask'));
      expect(tasks.length).toBeGreaterThan(ROUND_QUERIES); // several rounds
      expect(new Set(tasks.map((entry) => entry.split(':')[0])).size).toBe(2);
    }
  });

  it(
    '`anonymize --workers 2` (worker threads) writes the same release and audit as `--workers 1`',
    async () => {
      const dir = scratch('nnpool');
      const data = dir.file('netflix-like.dat', shapeFimi(netflixLike));
      const run = async (method: string, workers: number) => {
        const flags = `--method ${method} --p 5 --sensitive-random 4 --seed 2`.split(' ');
        const { record, files } = await anonymizeWithWorkers(dir, data, flags, workers);
        expect(record.verified).toBe(true);
        return JSON.stringify(record.notes) + files;
      };
      for (const method of ['nn', 'lsh']) expect(await run(method, 2)).toBe(await run(method, 1));
    },
    HANG_LIMIT_MS,
  );
});

describe('when the rounds pay (the CLI without --workers)', () => {
  it(`nn and lsh say so from ${SPECULATIVE_MIN_ROWS} rows on`, () => {
    const below = datasetOf(Array.from({ length: SPECULATIVE_MIN_ROWS - 1 }, (_, r) => [r % 7]));
    const from = datasetOf(Array.from({ length: SPECULATIVE_MIN_ROWS }, (_, r) => [r % 7]));
    for (const id of ['nn', 'lsh']) {
      const rounds = findMethod(id)!.rounds!;
      expect(rounds.pays?.(below, { p: 2 })).toBe(false);
      expect(rounds.pays?.(from, { p: 2 })).toBe(true);
    }
  });
});
