/**
 * `tasks <file> --method ID [params] [--sensitive ...] [--seed S]` (issue 35): a task server for a
 * method's rounds run on an engine (distribute --mode rounds). It reads the dataset once, then
 * answers tasks, one JSON line each on stdin (distribute/taskJson.ts), with the task's partial
 * result, one JSON line each on stdout (`{"partial": ...}` or `{"error": "..."}`), in order, until
 * stdin ends; then it prints how many it served. A task is the method's own (core/run/runRounds.ts
 * roundTask: PatternKa's group of root branches of one mining, its Alg. 5 reduce by item key; PTA's
 * segment), so the partials are those of a run in one process. Started by the Dask driver on each
 * worker (dask_rounds.py), not by hand.
 */
import { createInterface } from 'node:readline';
import { findMethod, METHODS } from '../../core/methods/registry.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import { roundTask } from '../../core/run/runRounds.ts';
import { PARSE_FLAGS, SEED_FLAG } from '../commonFlags.ts';
import { taskFromJson, taskToJson } from '../distribute/taskJson.ts';
import { flagOfParam, type CommandSpec } from '../flagSpec.ts';
import { METHOD_FLAG, methodOf, methodRequest, methodSensitiveFlags } from '../methodParams.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

export const tasksCommand: CommandSpec<{ served: number }> = {
  name: 'tasks',
  summary:
    "serves a method's round tasks on stdin/stdout for distribute --mode rounds (started by the engine)",
  positional: [{ name: 'file', help: 'the dataset' }],
  flags: (flags) => {
    const spec = methodOf(flags, 'tasks');
    return [
      ...PARSE_FLAGS,
      METHOD_FLAG,
      SEED_FLAG,
      ...methodSensitiveFlags(spec),
      ...spec.params.map((p) => flagOfParam(p)),
    ];
  },
  variesBy: { flag: 'method', values: METHODS.map((m) => m.id) },
  async run(values) {
    const spec = findMethod(values.string('method')!)!;
    const request = methodRequest(values, spec);
    resolveRequest(request);
    const { dataset } = await readDataset(values.positional[0], parseFlags(values));
    // The engine closes this server's pipes when it is done with it (the worker ends): what is
    // left to write then (the count below) has no reader, and that is no error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    let served = 0;
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      let reply: string;
      try {
        reply = taskToJson({ partial: roundTask(dataset, request, taskFromJson(line)) });
      } catch (error) {
        reply = JSON.stringify({ error: error instanceof Error ? error.message : String(error) });
      }
      process.stdout.write(reply + '\n');
      served++;
    }
    return { served };
  },
};
