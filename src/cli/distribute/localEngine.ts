/**
 * `--engine local`: the partitions' tasks as processes on this machine, `workers` at a time, each
 * retried up to `retries` times in a fresh attempt directory. The reference the cluster engines are
 * compared with: the same tasks, the same merge.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BAD_INPUT,
  secondsSince,
  TaskFailed,
  type EngineOptions,
  type EngineTask,
  type TaskOutcome,
} from './engine.ts';
import { childCpuSeconds, inAttempt, TASK_SCRIPT } from './shellTask.ts';

export async function runLocal(tasks: readonly EngineTask[], options: EngineOptions): Promise<TaskOutcome[]> {
  const started = performance.now();
  const outcomes: TaskOutcome[] = [];
  let next = 0;
  let failed: Error | null = null;
  const runOne = async (task: EngineTask): Promise<TaskOutcome> => {
    for (let attempt = 1; ; attempt++) {
      const dir = join(task.dir, `attempt-${attempt}`);
      mkdirSync(dir, { recursive: true });
      options.log(`partition ${task.part}: attempt ${attempt} started`);
      const { code, stderr } = await runShell(dir, inAttempt(task.argv, dir));
      if (code === 0) {
        const cpu = childCpuSeconds(dir);
        options.log(
          `partition ${task.part}: done after ${secondsSince(started)} s${cpu === null ? '' : `, ${cpu.toFixed(2)} CPU s`}`,
        );
        return { part: task.part, dir, cpuSeconds: cpu, attempts: attempt };
      }
      const why = lastLine(stderr) || `exit code ${code}`;
      if (code === BAD_INPUT) throw new TaskFailed(`partition ${task.part}: ${why}`);
      if (attempt > options.retries)
        throw new TaskFailed(`partition ${task.part} failed ${attempt} times; the last: ${why}`);
      options.log(`partition ${task.part}: attempt ${attempt} failed (${why}); retrying`);
    }
  };
  const worker = async () => {
    while (next < tasks.length && !failed) {
      const task = tasks[next++];
      try {
        outcomes.push(await runOne(task));
      } catch (error) {
        failed ??= error as Error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.workers, tasks.length) }, worker));
  if (failed) throw failed;
  return outcomes.sort((a, b) => a.part - b.part);
}

function runShell(dir: string, argv: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', TASK_SCRIPT, 'task', dir, ...argv], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').pop()?.trim() ?? '';
