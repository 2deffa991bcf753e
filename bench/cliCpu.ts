/**
 * One `txanon` command in a fresh process under GNU time: its exit code, stdout, CPU seconds (user +
 * system, every thread) and peak resident memory. The benchmarks compare such CPU figures as ratios
 * within one run (the machine is shared).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

export interface CliCpu {
  code: number | null;
  stdout: string;
  cpuSeconds: number;
  peakMb: number;
}

export function cliCpu(args: string[]): CliCpu {
  mkdirSync('.tmp', { recursive: true });
  const out = `.tmp/bench-time-${process.pid}.txt`;
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S %M', '-o', out, process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const [user, system, kb] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(/\s+/).map(Number);
  return {
    code: result.status,
    stdout: result.stdout,
    cpuSeconds: user + system,
    peakMb: Math.round(kb / 1024),
  };
}
