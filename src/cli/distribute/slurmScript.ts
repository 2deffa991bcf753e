/**
 * The job-array script of `distribute --engine slurm` (issues 35, 42): one partition per array
 * index, ONE attempt per array task (the driver retries: slurmEngine.ts), in a fresh attempt
 * directory named by the job and index (`attempt-<job>_<index>-<restart>`). The script
 * - writes the node's name into the attempt directory first: the driver reads it to know that
 *   the work directory is one the node and the submit host share;
 * - runs the task with the node's own Node: `--node PATH`, else the first `node` on the PATH of
 *   the job (sbatch passes the submit shell's environment unless --export says otherwise), never
 *   the submit host's absolute path; a node without one fails with that said;
 * - records the task's exit code (`exit`) and standard error (`stderr`), and `done` on success;
 *   the task's exit code is the array task's.
 * `#SBATCH` lines: the job name, the array and its throttle, one CPU a task, no requeue (a lost
 * task is the driver's to retry, on other nodes), the output files in the work directory, then
 * --time, --mem and --partition when set (slurmDefaults.ts), then every --sbatch-arg as given.
 */
import type { EngineTask } from './engine.ts';
import { shellQuote, TASK_SCRIPT } from './shellTask.ts';

/** Replaced in a Slurm task's words by the node's Node. */
export const NODE_BINARY = '{node}';

export interface SlurmOptions {
  /** The node's Node program (none: `node` on the job's PATH). */
  readonly node?: string;
  /** `--time`, `--mem`, `--partition` (absent: Slurm's own defaults). */
  readonly time?: string;
  readonly mem?: string;
  readonly partition?: string;
  /** Further sbatch options, each one word as sbatch takes it (`--account=lab`). */
  readonly sbatchArgs: readonly string[];
}

/** The argv of a task as the script runs it: this host's Node replaced by the node's. */
const onNode = (argv: readonly string[]) =>
  argv.map((a, i) => (i === 0 && a === process.execPath ? NODE_BINARY : a));

/** The job-array script for `tasks`, at most `workers` at once. */
export function slurmScript(
  tasks: readonly EngineTask[],
  options: { workers: number; workDir: string },
  slurm: SlurmOptions,
): string {
  // Array index i runs tasks[i] (a partition without a task, run by the driver, has no index).
  const cases = tasks.map(
    (task, i) =>
      `  ${i}) part=${task.part}; dir=${shellQuote(task.dir)}; set -- ${onNode(task.argv).map(shellQuote).join(' ')} ;;`,
  );
  const set = (flag: string, value: string | undefined) =>
    value === undefined ? [] : [`#SBATCH --${flag}=${value}`];
  return [
    '#!/bin/bash',
    `#SBATCH --job-name=txanon-distribute`,
    `#SBATCH --array=0-${tasks.length - 1}%${options.workers}`,
    `#SBATCH --ntasks=1`,
    `#SBATCH --cpus-per-task=1`,
    `#SBATCH --no-requeue`,
    `#SBATCH --output=${options.workDir}/slurm-%A_%a.out`,
    ...set('time', slurm.time),
    ...set('mem', slurm.mem),
    ...set('partition', slurm.partition),
    ...slurm.sbatchArgs.map((a) => `#SBATCH ${a}`),
    '# txanon distribute: one partition per array task, one attempt each (issue 42); written by the CLI.',
    'set -u',
    'case "$SLURM_ARRAY_TASK_ID" in',
    ...cases,
    '  *) echo "no partition $SLURM_ARRAY_TASK_ID" >&2; exit 2 ;;',
    'esac',
    'attempt="$dir/attempt-${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}-${SLURM_RESTART_COUNT:-0}"',
    'mkdir -p "$attempt" || exit 3',
    'echo "${SLURMD_NODENAME:-$(hostname)}" > "$attempt/node"',
    ...findNode(slurm.node, '$attempt'),
    'args=(); for a in "$@"; do a="${a//\\{attempt\\}/$attempt}"; args+=("${a//\\{node\\}/$node}"); done',
    'bash -c ' + shellQuote(TASK_SCRIPT) + ' task "$attempt" "${args[@]}" 2> "$attempt/stderr"',
    'code=$?',
    'echo "$code" > "$attempt/exit"',
    'if [ "$code" = 0 ]; then touch "$attempt/done"; fi',
    'exit "$code"',
    '',
  ].join('\n');
}

/**
 * The script lines that set `$node` to the node's Node program (`--node PATH`, else `node` on the
 * job's PATH); without one, its reason into `<dir>/stderr`, exit code 3 into `<dir>/exit`.
 */
export function findNode(node: string | undefined, dir: string): string[] {
  return [
    `node=${shellQuote(node ?? '')}`,
    'if [ -z "$node" ]; then node="$(command -v node)"; fi',
    'if [ -z "$node" ] || [ ! -x "$node" ]; then',
    `  echo "error: no Node program on node \${SLURMD_NODENAME:-$(hostname)} (PATH=$PATH\${node:+; --node $node}); name one with --node PATH" > "${dir}/stderr"`,
    `  echo 3 > "${dir}/exit"; exit 3`,
    'fi',
  ];
}
