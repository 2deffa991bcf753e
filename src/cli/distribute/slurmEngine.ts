/**
 * `--engine slurm` (issues 35, 42): the partitions' tasks as a Slurm job array (slurmScript.ts),
 * submitted with `sbatch --parsable` and watched by polling `squeue` and `sinfo` every POLL_MS,
 * so that the driver notices what Slurm knows without waiting for the whole array:
 * - a task's own result, from its attempt directory: `done` (success), or its exit code and the
 *   real reason from its standard error (taskReason.ts); exit code 2 is bad input, never
 *   retried: the array is cancelled and the run fails with that partition's message;
 * - a task Slurm ended without a result (cancelled by scancel or an administrator, a time or
 *   memory limit, a node failure), or one that left the queue with none (lost: sacct's state
 *   when the cluster keeps accounting, slurmAccounting.ts), ENDED_GRACE_S after Slurm said so (a
 *   network file system may show the files late);
 * - a running task whose node stopped answering slurmctld (sinfo's `*`, down, drained), noticed
 *   within one poll of slurmctld marking the node (which takes the cluster's SlurmdTimeout, read
 *   from `scontrol show config` and stated in the progress lines): the task is cancelled and
 *   run again on the other nodes (`--exclude`);
 * - a pending task held or waiting on nodes that cannot come (STUCK), cancelled and run again.
 * A failed task is submitted again (a new array of the failed indices) up to `retries` times,
 * then the run fails naming the partition, its attempts and the last reason. A task running
 * SHARED_WAIT_S without its attempt directory appearing here means the work directory is not on
 * a file system the node shares: the run fails saying so. SIGINT/SIGTERM/SIGHUP cancel every job
 * the run submitted (interrupt.ts) before the driver ends.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cliError.ts';
import {
  BAD_INPUT,
  secondsSince,
  TaskFailed,
  type EngineOptions,
  type EngineTask,
  type TaskOutcome,
} from './engine.ts';
import { onInterrupt } from './interrupt.ts';
import { childCpuSeconds } from './shellTask.ts';
import { slurmScript, type SlurmOptions } from './slurmScript.ts';
import {
  cancel,
  cancelAndWait,
  ENDED,
  nodeLost,
  nodeStates,
  queueOf,
  slurmCommand,
  STUCK,
  type QueuedTask,
} from './slurmQueue.ts';
import { lostReason } from './slurmAccounting.ts';
import { attemptReason } from './taskReason.ts';

/** How often squeue and sinfo are read. */
export const POLL_MS = 2_000;
/** How long after Slurm ended a task its files may take to show (a network file system's lag). */
export const ENDED_GRACE_S = 6;
/** How long a running task may go without its attempt directory showing here. */
export const SHARED_WAIT_S = 30;

interface Tracked {
  readonly task: EngineTask;
  readonly index: number;
  /** The array job of its last submission. */
  job: string;
  tries: number;
  runningSince: number | null;
  endedSince: number | null;
  outcome: TaskOutcome | null;
}

type Verdict =
  | { kind: 'wait' }
  | { kind: 'done'; dir: string }
  | { kind: 'failed'; reason: string; badInput?: boolean; lostNode?: string; cancel?: boolean };

const now = () => performance.now() / 1000;

/** States of a task on its node (its node's loss is its own). */
const ACTIVE = new Set(['RUNNING', 'COMPLETING', 'CONFIGURING', 'SUSPENDED', 'STOPPED']);

/** Attempts an attempt directory stands for: Slurm's own requeues of it (`-<restart>`) count. */
const restarts = (dir: string) => Number(/-(\d+)$/.exec(dir)?.[1] ?? 0);

export async function runSlurm(
  tasks: readonly EngineTask[],
  options: EngineOptions,
  slurm: SlurmOptions,
): Promise<TaskOutcome[]> {
  const script = join(options.workDir, 'txanon-array.sh');
  writeFileSync(script, slurmScript(tasks, options, slurm), { mode: 0o755 });
  const started = performance.now();
  const jobs: string[] = [];
  const excluded = new Set<string>();
  const dispose = onInterrupt(() => cancelAndWait(jobs));
  const tracked: Tracked[] = tasks.map((task, index) => ({
    task,
    index,
    job: '',
    tries: 0,
    runningSince: null,
    endedSince: null,
    outcome: null,
  }));
  const submit = (batch: Tracked[]) => {
    const array = `${batch.map((t) => t.index).join(',')}%${options.workers}`;
    const exclude = excluded.size ? [`--exclude=${[...excluded].join(',')}`] : [];
    const job = slurmCommand('sbatch', ['--parsable', `--array=${array}`, ...exclude, script])
      .trim()
      .split(';')[0];
    jobs.push(job);
    for (const t of batch)
      Object.assign(t, { job, tries: t.tries + 1, runningSince: null, endedSince: null });
    options.log(
      `slurm: job ${job} submitted (${batch.length} array tasks, at most ${options.workers} at once${exclude.length ? `, ${exclude[0]}` : ''})`,
    );
  };
  const fail = (message: string): never => {
    throw new TaskFailed(message);
  };
  try {
    submit(tracked);
    options.log(
      `slurm: polling squeue and sinfo every ${POLL_MS / 1000} s; a node that stops answering is noticed when slurmctld marks it (SlurmdTimeout = ${slurmdTimeout()})`,
    );
    while (tracked.some((t) => !t.outcome)) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const queue = queueOf([...new Set(tracked.filter((t) => !t.outcome).map((t) => t.job))]);
      const nodes = nodeStates();
      const again: Tracked[] = [];
      for (const t of tracked.filter((x) => !x.outcome)) {
        const q = queue.find((e) => e.job === t.job && e.index === t.index);
        const v = judge(t, q, nodes);
        if (v.kind === 'wait') continue;
        if (v.kind === 'done') {
          const cpu = childCpuSeconds(v.dir);
          t.outcome = { part: t.task.part, dir: v.dir, cpuSeconds: cpu, attempts: t.tries + restarts(v.dir) };
          options.log(
            `partition ${t.task.part}: done after ${secondsSince(started)} s${cpu === null ? '' : `, ${cpu.toFixed(2)} CPU s`}`,
          );
          continue;
        }
        if (v.cancel) cancel([`${t.job}_${t.index}`]);
        if (v.lostNode) excluded.add(v.lostNode);
        if (v.badInput) fail(`partition ${t.task.part}: ${v.reason}`);
        if (t.tries > options.retries)
          fail(`partition ${t.task.part} failed ${t.tries} times; the last: ${v.reason}`);
        options.log(`partition ${t.task.part}: attempt ${t.tries} failed (${v.reason}); retrying`);
        again.push(t);
      }
      if (again.length) submit(again);
    }
  } catch (error) {
    cancel(jobs); // the array's other tasks end with the run
    throw error;
  } finally {
    dispose();
  }
  options.log(`slurm: every array task ended after ${secondsSince(started)} s`);
  return tracked.map((t) => t.outcome!);
}

/** What a task's files and Slurm's word on it say now. */
function judge(t: Tracked, q: QueuedTask | undefined, nodes: ReadonlyMap<string, string>): Verdict {
  const attempts = existsSync(t.task.dir)
    ? readdirSync(t.task.dir).filter((n) => n.startsWith('attempt-'))
    : [];
  // Any attempt that ended well counts, a late one of an earlier submission too (same command).
  const done = attempts.find((n) => existsSync(join(t.task.dir, n, 'done')));
  if (done) return { kind: 'done', dir: join(t.task.dir, done) };
  const mine = attempts.filter((n) => n.startsWith(`attempt-${t.job}_${t.index}-`)).sort();
  const current = mine.length ? join(t.task.dir, mine.at(-1)!) : null;
  const code = current ? exitCode(current) : null;
  // A task ended by a signal (exit code 128 + n) was ended by Slurm (scancel, a limit): Slurm's
  // word on it is the reason, once its state says so.
  const bySignal = code !== null && code > 128 && !(q && ENDED.has(q.state) && q.state !== 'FAILED');
  if (code !== null && code > 128 && q && !ENDED.has(q.state)) return { kind: 'wait' };
  if (current && code !== null && code !== 0 && (code <= 128 || bySignal))
    return {
      kind: 'failed',
      reason: attemptReason(current, `exit code ${code}`),
      badInput: code === BAD_INPUT,
    };
  const where = q?.node ? ` on node ${q.node}` : '';
  if (q && ACTIVE.has(q.state)) {
    t.runningSince ??= now();
    if (nodeLost(nodes.get(q.node)))
      return {
        kind: 'failed',
        reason: `node ${q.node} stopped answering slurmctld (sinfo: ${nodes.get(q.node)}) while the task ran there`,
        lostNode: q.node,
        cancel: true,
      };
    if (!current && q.state === 'RUNNING' && now() - t.runningSince > SHARED_WAIT_S)
      throw notShared(t, q.node);
    return { kind: 'wait' };
  }
  if (q?.state === 'PENDING' && STUCK.test(q.reason))
    return { kind: 'failed', reason: `Slurm holds it pending (${q.reason})`, cancel: true };
  if (q && !ENDED.has(q.state)) return { kind: 'wait' };
  t.endedSince ??= now();
  if (code === null && now() - t.endedSince < ENDED_GRACE_S) return { kind: 'wait' };
  // Gone from squeue (purged, or slurmctld restarted without its state): sacct's word, if kept.
  if (!q) return { kind: 'failed', reason: lostReason(t.job, t.index) };
  if (!current && q.state === 'COMPLETED') throw notShared(t, q.node);
  const said = `Slurm ended it ${q.state}${where}${q.reason && q.reason !== 'None' ? ` (${q.reason})` : ''}`;
  if (q.state === 'CANCELLED')
    return {
      kind: 'failed',
      reason: `${said}: cancelled by scancel or an administrator ${current ? 'while it ran' : 'before it started'}`,
    };
  return { kind: 'failed', reason: current ? attemptReason(current, said) : said };
}

/** An attempt's exit code as its script wrote it (`exit`), or null. */
export function exitCode(dir: string): number | null {
  try {
    const n = Number(readFileSync(join(dir, 'exit'), 'utf8').trim());
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

const notShared = (t: Tracked, node: string) =>
  new CliError(
    `--work-dir: partition ${t.task.part} ran on node ${node || '?'} but ${t.task.dir} shows nothing of it here: the work directory must be on a file system the nodes and this host share (name one with --work-dir)`,
  );

/** The cluster's SlurmdTimeout, as `scontrol show config` says it. */
function slurmdTimeout(): string {
  try {
    return /SlurmdTimeout\s*=\s*(.+)/.exec(slurmCommand('scontrol', ['show', 'config']))?.[1].trim() ?? '?';
  } catch {
    return '?';
  }
}
