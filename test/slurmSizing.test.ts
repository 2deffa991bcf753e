/**
 * What distribute asks of Slurm when not told (issue 42, cli/distribute/slurmSizing.ts): sinfo's
 * partitions and times read, --mem and --time from the largest partition, --workers bounded by
 * the partition's CPUs (not this host's cores), a value the user set left alone.
 */
import { describe, expect, it } from 'vitest';
import { parsePartitions, sizeSlurm, slurmMinutes, slurmTime } from '../src/cli/distribute/slurmSizing.ts';

const SINFO = 'debug*|0/2/0/2|1000|1:00:00\nbig|10/54/0/64|256000+|2-00:00:00\n';

describe('slurmSizing', () => {
  it("reads sinfo's partitions and Slurm's times", () => {
    expect(parsePartitions(SINFO)).toEqual([
      { name: 'debug', isDefault: true, cpus: 2, memoryMb: 1000, maxMinutes: 60 },
      { name: 'big', isDefault: false, cpus: 64, memoryMb: 256000, maxMinutes: 2880 },
    ]);
    expect([
      slurmMinutes('30'),
      slurmMinutes('1:30'),
      slurmMinutes('1-12'),
      slurmMinutes('infinite'),
    ]).toEqual([30, 1.5, 2160, Infinity]);
    expect(slurmTime(1501)).toBe('1-01:01:00');
  });

  it('derives --mem and --time from the largest partition, says so, and bounds --workers by the cluster', () => {
    const lines: string[] = [];
    const partitions = parsePartitions(SINFO);
    const big = sizeSlurm(
      { sbatchArgs: [], partition: 'big' },
      undefined,
      12_500_000,
      partitions,
      (l) => lines.push(l),
      {},
    );
    expect(big.slurm.mem).toBe('1280M'); // 512 MB + 64 B x 12.5 M = 1,275 MB, up to 256 MB
    expect(big.slurm.time).toBe('0-00:21:00'); // 100 us x 12.5 M = 1,250 s
    expect(big.workers).toBe(64); // the partition's CPUs, whatever this host has
    expect(lines.join('\n')).toMatch(/at most 64 tasks at once \(partition big's CPUs\)/);
    // Too much memory for the nodes refused; the time cut to the partition's MaxTime.
    expect(() => sizeSlurm({ sbatchArgs: [] }, 2, 60_000_000, partitions, () => {}, {})).toThrow(
      /needs about 4352 MB .* more than any node of partition debug has \(1000 MB\)/,
    );
    expect(
      sizeSlurm({ sbatchArgs: [], mem: '900M' }, 2, 60_000_000, partitions, () => {}, {}).slurm.time,
    ).toBe('0-01:00:00');
    expect(() => sizeSlurm({ sbatchArgs: [] }, 3, 1000, partitions, () => {}, {})).toThrow(
      '--workers 3: partition debug has 2 CPUs (sinfo); at most that many tasks run at once',
    );
    // Set by the user (a flag, an --sbatch-arg, an SBATCH_* variable): left to sbatch.
    const given = sizeSlurm({ sbatchArgs: ['--time=5'] }, 2, 1000, partitions, () => {}, {
      SBATCH_MEM_PER_NODE: '2G',
    });
    expect([given.slurm.time, given.slurm.mem]).toEqual([undefined, undefined]);
    expect(() => sizeSlurm({ sbatchArgs: [], partition: 'gpu' }, 2, 1000, partitions, () => {}, {})).toThrow(
      '--partition gpu: Slurm has no such partition (it has debug, big)',
    );
  });
});
