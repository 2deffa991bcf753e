/**
 * sacct's output read as a lost task's reason (issue 42; src/cli/distribute/slurmAccounting.ts), on
 * samples in sacct's `-n -P -o JobID,State,ExitCode,NodeList` format (test/data/sacct/: array
 * tasks, an unstarted array remainder, a job cancelled before it had a node, job steps). The test
 * cluster keeps no accounting, so its real answer ("accounting storage is disabled") is checked in
 * test/distribute.slurm.test.ts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accountedReason, lostReason, parseSacct } from '../src/cli/distribute/slurmAccounting.ts';

const sample = (name: string) => gunzipSync(readFileSync(`test/data/sacct/${name}.gz`)).toString('utf8');

describe('sacct output as a lost task reason', () => {
  it('reads each array task’s final state, who cancelled it, its exit code and node', () => {
    const tasks = parseSacct(sample('array-allocations.txt'));
    expect([...tasks.keys()]).toEqual(['812_0', '812_1', '812_2', '812_3', '812_4', '812_5', '812_6', '813']);
    expect(tasks.get('812_1')).toEqual({ state: 'CANCELLED', by: '0', exitCode: '0:15', node: 'n2' });
    expect(tasks.get('812_2')).toEqual({ state: 'NODE_FAIL', exitCode: '0:0', node: 'n1' });
    expect(tasks.get('813')).toEqual({ state: 'CANCELLED', by: '1000', exitCode: '0:0', node: '' });
    expect(tasks.has('812_[7-9%2]')).toBe(false);
  });

  it('leaves job steps out: the allocation’s line is the task’s word', () => {
    const tasks = parseSacct(sample('with-steps.txt'));
    expect([...tasks.keys()]).toEqual(['812_1', '812_2']);
    expect(tasks.get('812_2')!.exitCode).toBe('1:0');
  });

  it('says each state in words', () => {
    const tasks = parseSacct(sample('array-allocations.txt'));
    const reason = (id: string) => accountedReason(tasks.get(id)!);
    expect(reason('812_1')).toBe(
      'sacct: CANCELLED by uid 0 on node n2 (exit 0:15): cancelled by scancel or an administrator',
    );
    expect(reason('812_2')).toBe('sacct: NODE_FAIL on node n1 (exit 0:0): its node failed');
    expect(reason('812_3')).toMatch(/^sacct: TIMEOUT on node n2 .*time limit \(--time\)$/);
    expect(reason('812_4')).toMatch(/^sacct: OUT_OF_MEMORY on node n1 \(exit 0:125\): .*memory \(--mem\)$/);
    expect(reason('812_6')).toMatch(/^sacct: PREEMPTED .*preempted it$/);
  });

  it('a lost task: sacct’s state when it keeps one, else the loss with why sacct could not tell', () => {
    const available = { available: true as const, tasks: parseSacct(sample('array-allocations.txt')) };
    expect(lostReason('812', 3, available)).toMatch(/^sacct: TIMEOUT/);
    expect(lostReason('812', 8, available)).toBe(
      "job 812_8 left Slurm's queue with no result (lost; sacct does not know it)",
    );
    expect(lostReason('813', -1, available)).toMatch(/^sacct: CANCELLED by uid 1000/);
    expect(
      lostReason('812', 3, { available: false, why: 'sacct: Slurm accounting storage is disabled' }),
    ).toBe("job 812_3 left Slurm's queue with no result (lost; sacct: Slurm accounting storage is disabled)");
  });
});
