/**
 * What a distribute's array asks of Slurm when the user does not say (issue 42), from the size of
 * its largest partition (its item occurrences, the rows' lengths summed) and from the cluster as
 * `sinfo` describes the partition the jobs go to:
 * - `--mem`: MEM_BASE_MB + MEM_BYTES_PER_OCCURRENCE bytes an occurrence, rounded up to 256 MB.
 *   Measured (notes/distribute.md): one process on the whole Netflix shape (100 M occurrences)
 *   peaked at 0.98 GB (pta) to 3.5 GB (patternka), 10-35 bytes an occurrence over Node's own; 64
 *   is about twice the worst. Refused before any work when no node of the partition has as much.
 * - `--time`: TIME_MIN_MINUTES, or TIME_US_PER_OCCURRENCE microseconds an occurrence, the larger.
 *   Measured: apriori-km's partitions of 12.5 M occurrences took 127 CPU s (10 us an occurrence,
 *   the slowest method measured); 100 is ten times that. At most the partition's MaxTime.
 * - `--partition`: the cluster's default partition (sbatch's own choice), named in the log.
 * - `--workers` (the array's throttle): at most the partition's CPUs, which is also the default;
 *   the submit host's cores do not bound it.
 * Each is stated in a progress line, with where it came from; a value given by a flag, or in
 * --sbatch-arg, or by an SBATCH_* variable of the environment, is left to the user (sbatch reads
 * SBATCH_TIMELIMIT, SBATCH_MEM_PER_NODE, SBATCH_PARTITION...: input environment variables win
 * over the script's #SBATCH lines, command-line options over both).
 */
import { CliError } from '../cliError.ts';
import { slurmCommand } from './slurmQueue.ts';
import type { SlurmOptions } from './slurmScript.ts';

export const MEM_BASE_MB = 512;
export const MEM_BYTES_PER_OCCURRENCE = 64;
export const TIME_MIN_MINUTES = 10;
export const TIME_US_PER_OCCURRENCE = 100;

/** A Slurm partition as sinfo describes it. */
export interface SlurmPartition {
  readonly name: string;
  readonly isDefault: boolean;
  /** CPUs of its nodes, all states. */
  readonly cpus: number;
  /** The largest node memory, MB. */
  readonly memoryMb: number;
  /** MaxTime in minutes (Infinity: none). */
  readonly maxMinutes: number;
}

/** `sinfo -h -o '%P|%C|%m|%l'`'s lines (`debug*|0/2/0/2|1000|1:00:00`). */
export function parsePartitions(text: string): SlurmPartition[] {
  return text
    .split('\n')
    .filter((l) => l.includes('|'))
    .map((line) => {
      const [p, c, m, l] = line.split('|');
      return {
        name: p.replace(/\*$/, ''),
        isDefault: p.endsWith('*'),
        cpus: Number(c.split('/')[3] ?? 0),
        memoryMb: Number(m.replace(/\+$/, '')),
        maxMinutes: slurmMinutes(l),
      };
    });
}

/** Slurm's time (`infinite`, `30`, `1:00:00`, `1-12:00:00`, `2-0`) in minutes. */
export function slurmMinutes(text: string): number {
  if (/^(infinite|UNLIMITED)$/i.test(text.trim())) return Infinity;
  const [days, rest] = text.includes('-') ? text.split('-') : ['0', text];
  const parts = rest.split(':').map(Number);
  const [h, m, s] =
    parts.length === 3
      ? parts
      : parts.length === 2
        ? text.includes('-')
          ? [parts[0], parts[1], 0]
          : [0, parts[0], parts[1]]
        : text.includes('-')
          ? [parts[0], 0, 0]
          : [0, parts[0], 0];
  return Number(days) * 1440 + h * 60 + m + s / 60;
}

/** `--time` in Slurm's words for `minutes` (`D-HH:MM:00`). */
export function slurmTime(minutes: number): string {
  const m = Math.ceil(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(m / 1440)}-${pad(Math.floor((m % 1440) / 60))}:${pad(m % 60)}:00`;
}

export const derivedMemMb = (occurrences: number) =>
  Math.ceil((MEM_BASE_MB + (occurrences * MEM_BYTES_PER_OCCURRENCE) / 2 ** 20) / 256) * 256;

export const derivedMinutes = (occurrences: number) =>
  Math.max(TIME_MIN_MINUTES, Math.ceil((occurrences * TIME_US_PER_OCCURRENCE) / 60e6));

/** Whether the user already set an sbatch option (a flag, an --sbatch-arg or SBATCH_* variable). */
function userSets(slurm: SlurmOptions, option: string, variables: readonly string[], env: NodeJS.ProcessEnv) {
  return (
    slurm.sbatchArgs.some((a) => a === `--${option}` || a.startsWith(`--${option}=`)) ||
    variables.some((v) => env[v] !== undefined)
  );
}

/**
 * The options the array is submitted with and its throttle, given the flags (`slurm`, `workers`
 * when given), the largest partition's occurrences and the cluster's partitions.
 */
export function sizeSlurm(
  slurm: SlurmOptions,
  workers: number | undefined,
  occurrences: number,
  partitions: readonly SlurmPartition[],
  log: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): { slurm: SlurmOptions; workers: number } {
  const named = slurm.partition ?? env.SBATCH_PARTITION;
  const partition = named ? partitions.find((p) => p.name === named) : partitions.find((p) => p.isDefault);
  if (!partition)
    throw new CliError(
      named
        ? `--partition ${named}: Slurm has no such partition (it has ${partitions.map((p) => p.name).join(', ') || 'none'})`
        : '--engine slurm: the cluster has no default partition; name one with --partition',
    );
  if (workers !== undefined && workers > partition.cpus)
    throw new CliError(
      `--workers ${workers}: partition ${partition.name} has ${partition.cpus} CPUs (sinfo); at most that many tasks run at once`,
    );
  const out = { ...slurm };
  if (!slurm.partition && !named) log(`slurm: partition ${partition.name} (the cluster's default)`);
  if (
    slurm.mem === undefined &&
    !userSets(slurm, 'mem', ['SBATCH_MEM_PER_NODE', 'SBATCH_MEM_PER_CPU'], env)
  ) {
    const mb = derivedMemMb(occurrences);
    if (mb > partition.memoryMb)
      throw new CliError(
        `--engine slurm: a partition of ${occurrences} item occurrences needs about ${mb} MB (${MEM_BASE_MB} MB + ${MEM_BYTES_PER_OCCURRENCE} bytes an occurrence), more than any node of partition ${partition.name} has (${partition.memoryMb} MB): use more --parts, or set --mem`,
      );
    out.mem = `${mb}M`;
    log(
      `slurm: --mem ${out.mem} (${MEM_BASE_MB} MB + ${MEM_BYTES_PER_OCCURRENCE} bytes for each of the largest partition's ${occurrences} item occurrences)`,
    );
  }
  if (slurm.time === undefined && !userSets(slurm, 'time', ['SBATCH_TIMELIMIT'], env)) {
    const minutes = Math.min(derivedMinutes(occurrences), partition.maxMinutes);
    out.time = slurmTime(minutes);
    log(
      `slurm: --time ${out.time} (${TIME_MIN_MINUTES} minutes or ${TIME_US_PER_OCCURRENCE} us an item occurrence of the largest partition, the larger${minutes < derivedMinutes(occurrences) ? `; cut to partition ${partition.name}'s MaxTime` : ''})`,
    );
  }
  const throttle = workers ?? partition.cpus;
  if (workers === undefined)
    log(`slurm: at most ${throttle} tasks at once (partition ${partition.name}'s CPUs)`);
  return { slurm: out, workers: throttle };
}

/** The cluster's partitions, from sinfo. */
export const slurmPartitions = () => parsePartitions(slurmCommand('sinfo', ['-h', '-o', '%P|%C|%m|%l']));
