/**
 * PatternKa's minings split over the worker pool (Alg. 5: the root branches in MINING_GROUPS
 * groups, rounds.ts): the release is the same on one worker and on several, in the page's pool
 * (coordinated on a worker, poolRun.ts) and in the CLI's (coordinated in the main thread,
 * roundsHere.ts, `anonymize --workers N`), and the groups are Alg. 1's with every mining in one
 * thread (alg1.ts's patternKaGroups).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { questDataset } from '../src/core/data/synthetic.ts';
import { createRng } from '../src/core/base/rng.ts';
import { patternKaGroups } from '../src/core/methods/patternka/index.ts';
import {
  LongestPatternMining,
  mineLongest,
  MINING_GROUPS,
} from '../src/core/methods/patternka/longestClosedPatterns.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { WorkerPool } from '../workers/pool.ts';
import { runOnPool } from '../workers/poolRun.ts';
import { roundsHere } from '../workers/roundsHere.ts';
import { anonymizeWithWorkers, scratch } from './cliInProcess.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';
import { arbitraryRows, datasetOf } from './helpers.ts';
import { HANG_LIMIT_MS } from './limits.ts';

/** Quest rows with planted patterns: minings that search (not the dive alone), several per run. */
const quest = () => questDataset({ D: 800, T: 8, I: 4, N: 40, L: 30, seed: 3 });
const request = { method: 'patternka', params: { k: 5, selection: 'auto' }, seed: 7 };

describe('PatternKa on the worker pool (Alg. 5)', () => {
  it('the page: the same release on one worker and on three, the minings on every worker, verified', async () => {
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 3);
    await pool.register('d', quest().toHandle());
    const fractions: number[] = [];
    const spread = await runOnPool(pool, 'd', request, true, (f, phase) => {
      if (phase === 'running') fractions.push(f);
    });
    const whole = await runOnPool(pool, 'd', request, false, () => {});
    expect(await spread.files.release.text()).toBe(await whole.files.release.text());
    // The same link to the input rows; each run's rules key (rules.ts) is its own, drawn at random.
    const withoutKey = async (audit: Blob) => {
      const { rulesKey, ...rest } = JSON.parse(await audit.text()) as { rulesKey?: string };
      expect(rulesKey).toMatch(/^[0-9a-f]{32}$/);
      return rest;
    };
    expect(await withoutKey(spread.files.audit)).toEqual(await withoutKey(whole.files.audit));
    expect(spread.record.verified).toBe(true);
    expect(spread.record.metrics).toEqual(whole.record.metrics);
    const tasks = log.filter((entry) => entry.endsWith(':portTask'));
    expect(tasks.length % MINING_GROUPS).toBe(0);
    expect(tasks.length).toBeGreaterThanOrEqual(2 * MINING_GROUPS); // more than one mining searched
    expect(new Set(tasks.map((entry) => entry.split(':')[0])).size).toBeGreaterThan(1);
    expect(log.filter((entry) => entry.endsWith(':nextRound'))).toHaveLength(tasks.length / MINING_GROUPS);
    // The method's progress is its own (groups formed), never the share of one mining's tasks.
    expect(fractions.length).toBeGreaterThan(0);
    fractions.forEach((f, i) => expect(f).toBeGreaterThanOrEqual(fractions[i - 1] ?? 0));
  });

  it('the rounds give the groups of Alg. 1 mined in one thread, and the release passes its verifier', () => {
    const dataset = quest();
    const { record, release } = runMethod(dataset, request);
    expect(record.verified).toBe(true);
    const { groups } = patternKaGroups(dataset, 5, { rng: createRng(7), progress: () => {} });
    expect(record.notes['classes formed (equal ones merge when published)']).toBe(groups.length);
    expect(release.kind).toBe('transactions');
  });

  it('the CLI main thread coordinating a pool: the same result as one thread', async () => {
    const dataset = quest();
    const log: string[] = [];
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint(log, spawned++), 2);
    await pool.register('d', dataset.toHandle());
    const { result } = await roundsHere(pool, 'd', dataset, request);
    const here = runMethod(dataset, request, { result });
    const alone = runMethod(dataset, request);
    expect(JSON.stringify(here.release)).toBe(JSON.stringify(alone.release));
    expect(JSON.stringify(here.audit)).toBe(JSON.stringify(alone.audit));
    expect(new Set(log.filter((e) => e.endsWith(':runTask')).map((e) => e.split(':')[0])).size).toBe(2);
  });

  it(
    '`anonymize --workers 2` (worker threads) writes the same release and audit as `--workers 1`',
    async () => {
      const dir = scratch('rounds');
      const data = dir.file(
        'quest.dat',
        Array.from({ length: quest().n }, (_, r) => Array.from(quest().row(r)).join(' ')).join('\n') + '\n',
      );
      const run = async (workers: number) => {
        const { record, files } = await anonymizeWithWorkers(
          dir,
          data,
          '--method patternka --k 5 --seed 7'.split(' '),
          workers,
        );
        expect(record.verified).toBe(true);
        return files;
      };
      expect(await run(2)).toBe(await run(1));
    },
    HANG_LIMIT_MS,
  );
});

describe('a mining in groups of root branches (longestClosedPatterns.ts)', () => {
  it('each group prepared on its own, in any order, gives the mining of one preparation, cut short or not (property)', () => {
    fc.assert(
      fc.property(
        arbitraryRows(9, 30, 7),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 400 }),
        (rows, k, budget) => {
          const dataset = datasetOf(rows);
          const all = rows.map((_, r) => r);
          const whole = mineLongest(dataset, all, k, { workBudget: budget });
          const coordinator = new LongestPatternMining(dataset, all, k, { workBudget: budget });
          if (coordinator.immediate) {
            expect(coordinator.immediate).toEqual(whole);
            return;
          }
          const searches = Array.from({ length: MINING_GROUPS }, (_, group) => MINING_GROUPS - 1 - group)
            .map((group) => ({
              group,
              search: new LongestPatternMining(dataset, [...all].reverse(), k, {
                workBudget: budget,
              }).searchGroup(group),
            }))
            .sort((a, b) => a.group - b.group)
            .map(({ search }) => search);
          expect(coordinator.finish(searches)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });
});
