/**
 * `distribute --engine slurm --detach` and `distribute --status DIR` (issue 42): the HPC idiom of
 * a job array followed by an `afterok` merge job, no driver left on the submit host.
 * - `--detach` writes the partitions and the array script as an attached run does, submits the
 *   array, then a merge job (`--dependency=afterok:ARRAY --kill-on-invalid-dep=yes`) that runs this
 *   same command line on a node with `--merge DIR` in place of `--detach`; it writes
 *   DIR/detached.json (the jobs, the tasks' directories, the outputs) and returns at once.
 * - `--merge DIR` (the merge job's own entry): the partitions' results are read from their `done`
 *   attempts in DIR (collectDone), then merged, verified and measured as an attached run does, its
 *   record into DIR/merge/record.json, its exit code into DIR/merge/exit.
 * - `--status DIR` reads DIR/detached.json, the tasks' attempt files and squeue (what Slurm still
 *   knows: MinJobAge after an end) and says where the run is: running, merging, done (the release's
 *   path and its verifier's verdict) or failed (the tasks' reasons, the merge job cancelled by
 *   Slurm since its afterok can no longer be met).
 * A detached array's tasks are not retried (no driver watches them: one attempt each).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliError } from '../cliError.ts';
import type { FlagSpec } from '../flagSpec.ts';
import type { FlagValues } from '../readCommandLine.ts';
import { cliCommand } from './cliEntry.ts';
import type { EngineOptions, EngineTask, TaskOutcome } from './engine.ts';
import { childCpuSeconds, shellQuote } from './shellTask.ts';
import { exitCode } from './slurmEngine.ts';
import { queueOf, slurmCommand, type QueuedTask } from './slurmQueue.ts';
import { findNode, NODE_BINARY, slurmScript, type SlurmOptions } from './slurmScript.ts';
import { attemptReason } from './taskReason.ts';

/** What --detach leaves in the work directory for --status and the merge job. */
const STATE_FILE = 'detached.json';
/** The merge job's files: record.json (its standard output), stderr, exit. */
const MERGE_DIR = 'merge';

export const DETACH_FLAGS: readonly FlagSpec[] = [
  {
    name: 'detach',
    kind: 'boolean',
    help: 'submit the array and an afterok merge job, print their ids and the work dir, return at once (see --status)',
    only: {
      when: 'with --engine slurm and a --work-dir the nodes share',
      holds: (f) => f.get('engine') === 'slurm' && f.has('work-dir') && !f.has('dry-run'),
    },
  },
  {
    name: 'merge',
    kind: 'string',
    value: 'DIR',
    help: "the merge job of a --detach run (submitted by it): merges, verifies and measures DIR's partitions",
    only: { when: 'with --engine slurm', holds: (f) => f.get('engine') === 'slurm' && !f.has('detach') },
  },
];

export const STATUS_FLAG: FlagSpec = {
  name: 'status',
  kind: 'string',
  value: 'DIR',
  help: 'where the --detach run in DIR is: its tasks, its merge job, the release and its verdict (alone)',
};

interface Detached {
  array: string;
  merge: string;
  submitted: string;
  tasks: { part: number; dir: string }[];
  out?: string;
}

export interface DetachOutput {
  engine: 'slurm';
  detached: true;
  arrayJob: string;
  mergeJob: string;
  workDir: string;
  parts: number;
  status: string;
}

/** Submits the array and its merge job; returns at once. */
export function detach(
  file: string,
  values: FlagValues,
  tasks: readonly EngineTask[],
  options: EngineOptions,
  slurm: SlurmOptions,
  parts: number,
): DetachOutput {
  const { workDir } = options;
  const arrayScript = join(workDir, 'txanon-array.sh');
  writeFileSync(arrayScript, slurmScript(tasks, options, slurm), { mode: 0o755 });
  const mergeDir = join(workDir, MERGE_DIR);
  mkdirSync(mergeDir, { recursive: true });
  const [node, ...cli] = cliCommand();
  const words = [
    node === process.execPath ? NODE_BINARY : node,
    ...cli,
    'distribute',
    resolve(file),
    ...values.words().filter((w) => !/^--(detach|work-dir)=/.test(w)),
    `--merge=${workDir}`,
  ];
  const mergeScript = join(workDir, 'txanon-merge.sh');
  writeFileSync(
    mergeScript,
    [
      '#!/bin/bash',
      '#SBATCH --job-name=txanon-merge',
      '#SBATCH --ntasks=1',
      '#SBATCH --cpus-per-task=1',
      '#SBATCH --no-requeue',
      `#SBATCH --output=${mergeDir}/slurm-%j.out`,
      ...(slurm.partition ? [`#SBATCH --partition=${slurm.partition}`] : []),
      ...slurm.sbatchArgs.map((a) => `#SBATCH ${a}`),
      '# txanon distribute --detach: the merge, verification and metrics of the array (issue 42).',
      'set -u',
      `out=${shellQuote(mergeDir)}`,
      ...findNode(slurm.node, '$out'),
      `set -- ${words.map(shellQuote).join(' ')}`,
      'args=(); for a in "$@"; do args+=("${a//\\{node\\}/$node}"); done',
      '"${args[@]}" > "$out/record.json" 2> "$out/stderr"',
      'code=$?',
      'echo "$code" > "$out/exit"',
      'exit "$code"',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const sbatch = (args: string[]) =>
    slurmCommand('sbatch', ['--parsable', ...args])
      .trim()
      .split(';')[0];
  const array = sbatch([arrayScript]);
  let merge: string;
  try {
    merge = sbatch([`--dependency=afterok:${array}`, '--kill-on-invalid-dep=yes', mergeScript]);
  } catch (error) {
    spawnCancel(array);
    throw error;
  }
  const out = values.path('out');
  const state: Detached = {
    array,
    merge,
    submitted: new Date().toISOString(),
    tasks: tasks.map((t) => ({ part: t.part, dir: t.dir })),
    ...(out && { out: resolve(out) }),
  };
  writeFileSync(join(workDir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
  options.log(
    `slurm: array job ${array} (${tasks.length} tasks, at most ${options.workers} at once, no retries) and merge job ${merge} (afterok) submitted; txanon distribute --status ${workDir}`,
  );
  return {
    engine: 'slurm',
    detached: true,
    arrayJob: array,
    mergeJob: merge,
    workDir,
    parts,
    status: `txanon distribute --status ${workDir}`,
  };
}

const spawnCancel = (job: string) => {
  try {
    slurmCommand('scancel', [job]);
  } catch {
    // already gone
  }
};

/** The attempts of a task's directory, oldest first. */
const attempts = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith('attempt-'))
        .sort()
    : [];

/** The merge job's entry: every task's `done` attempt in the work directory, or a CliError. */
export function collectDone(tasks: readonly EngineTask[]): TaskOutcome[] {
  return tasks.map((t) => {
    const all = attempts(t.dir);
    const done = all.find((n) => existsSync(join(t.dir, n, 'done')));
    if (!done)
      throw new CliError(
        `--merge: partition ${t.part} has no finished attempt in ${t.dir}${all.length ? ` (the last: ${attemptReason(join(t.dir, all.at(-1)!), 'no result')})` : ''}`,
      );
    const dir = join(t.dir, done);
    return { part: t.part, dir, cpuSeconds: childCpuSeconds(dir), attempts: all.length };
  });
}

type TaskState = 'pending' | 'running' | 'done' | 'failed';

export interface StatusOutput {
  workDir: string;
  state: 'running' | 'merging' | 'done' | 'failed';
  arrayJob: string;
  tasks: Record<TaskState, number>;
  failed: { part: number; reason: string }[];
  merge: { job: string; state: string; reason?: string };
  release?: { path: string | null; verified: boolean };
}

/** Where the detached run in `given` is. */
export function distributeStatus(given: string): StatusOutput {
  const workDir = resolve(given);
  let state: Detached;
  try {
    state = JSON.parse(readFileSync(join(workDir, STATE_FILE), 'utf8')) as Detached;
    if (!Array.isArray(state.tasks) || typeof state.array !== 'string') throw new Error('not ours');
  } catch {
    throw new CliError(
      `--status ${given}: no ${STATE_FILE} in ${workDir}: not the work dir of a --detach run`,
    );
  }
  let queue: QueuedTask[] = [];
  try {
    queue = queueOf([state.array, state.merge]);
  } catch {
    // no Slurm client answers here: the files alone say what they can
  }
  const tasks: Record<TaskState, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  const failed: StatusOutput['failed'] = [];
  state.tasks.forEach((t, index) => {
    const q = queue.find((e) => e.job === state.array && e.index === index);
    const [verdict, reason] = taskState(t.dir, q);
    tasks[verdict] += 1;
    if (verdict === 'failed') failed.push({ part: t.part, reason: reason! });
  });
  const mergeDir = join(workDir, MERGE_DIR);
  const mq = queue.find((e) => e.job === state.merge && e.index === -1);
  const exit = exitCode(mergeDir);
  const merge: StatusOutput['merge'] = {
    job: state.merge,
    state:
      mq?.state ?? (exit === null ? 'unknown (no longer in squeue)' : exit === 0 ? 'COMPLETED' : 'FAILED'),
    ...(mq?.reason && mq.reason !== 'None' && { reason: mq.reason }),
  };
  const base = { workDir, arrayJob: state.array, tasks, failed, merge };
  if (exit === 0) {
    const record = JSON.parse(readFileSync(join(mergeDir, 'record.json'), 'utf8')) as { verified: boolean };
    return { ...base, state: 'done', release: { path: state.out ?? null, verified: record.verified } };
  }
  if (exit !== null) {
    failed.push({ part: -1, reason: `the merge job: ${attemptReason(mergeDir, `exit code ${exit}`)}` });
    return { ...base, state: 'failed' };
  }
  if (failed.length > 0 || mq?.state === 'CANCELLED') return { ...base, state: 'failed' };
  return { ...base, state: tasks.done === state.tasks.length ? 'merging' : 'running' };
}

/** A task's state from its attempt files, else from what squeue says of it. */
function taskState(dir: string, q: QueuedTask | undefined): [TaskState, string?] {
  const all = attempts(dir);
  if (all.some((n) => existsSync(join(dir, n, 'done')))) return ['done'];
  const last = all.length ? join(dir, all.at(-1)!) : null;
  const code = last ? exitCode(last) : null;
  if (last && code !== null && code !== 0) return ['failed', attemptReason(last, `exit code ${code}`)];
  if (!q) return last ? ['running'] : ['failed', 'no longer in squeue, and no result'];
  if (q.state === 'PENDING') return ['pending'];
  if (q.state === 'RUNNING' || q.state === 'COMPLETING' || q.state === 'CONFIGURING') return ['running'];
  if (q.state === 'COMPLETED') return ['running']; // its files not visible yet
  return ['failed', `Slurm ended it ${q.state}${q.node ? ` on node ${q.node}` : ''}`];
}
