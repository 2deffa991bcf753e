/**
 * `teach <file> --method ID [--<param> v ...] [--sensitive ...] [--seed S] --out steps.json`
 * (DESIGN.md sec. 6): the method's teaching trace (core/teach/trace.ts: every step with its text,
 * the paper's section, the data drawn as it stands, the candidates weighed), recorded from the
 * method's own run (core/run/teachRun.ts), whose release is the last step. Refused, with exit code
 * 2 naming the limit, for a method without a stepper or a file above its teaching limit. The flags
 * are anonymize's that a trace uses (the method's params, the sensitive choice, the seed), read
 * and checked the same way; --out is written whole (outputFiles.ts). A p-degree method without --p
 * on a file too small for the default p starts from the paper's p for its worked example, else the
 * largest p the file admits (core/run/teachingDegree.ts). Prints
 * `{ method, transactions, steps, omitted, limit, out, degree? }` (`degree`: the p chosen and why).
 * Bounded like `anonymize` (issue 43, F4): `--memory-mb` holds the method's structures, and the
 * trace at most MAX_STEPS steps and `limit.cells` drawn cells (core/teach/traceSize.ts), stated in
 * the output; it is written step by step, never as one string. `--sample-rows N --sample-items M`
 * steps through a seeded sample of a larger file (core/data/teachingSample.ts), said in the trace.
 */
import { findMethod, METHODS } from '../../core/methods/registry.ts';
import { resolveRequest } from '../../core/run/resolveRequest.ts';
import { teachRun } from '../../core/run/teachRun.ts';
import { deckHtml } from '../../core/teach/deck.ts';
import type { DegreeChoice } from '../../core/teach/trace.ts';
import { CliError } from '../cliError.ts';
import { PARSE_FLAGS, SEED_FLAG } from '../commonFlags.ts';
import { flagOfParam, type CommandSpec } from '../flagSpec.ts';
import { METHOD_FLAG, methodOf, methodParams, methodSensitiveFlags } from '../methodParams.ts';
import { MEMORY_FLAG, memoryMbOf } from '../memoryBudget.ts';
import { planOutputs } from '../outputFiles.ts';
import { writeJsonLine } from '../writePieces.ts';
import { MAX_STEPS, type Trace } from '../../core/teach/trace.ts';
import { traceCellLimit } from '../../core/teach/traceSize.ts';
import type { ByteSink } from '../../core/release/export/textWriter.ts';
import { parseFlags, readDataset } from '../readDataset.ts';
import { sensitiveChoice } from '../sensitiveFlags.ts';
import { SAMPLE_FLAGS, sampleSizeOf } from '../sampleFlags.ts';

export interface TeachOutput {
  method: string;
  transactions: number;
  steps: number;
  omitted: number;
  limit: { rows: number; steps: number; cells: number };
  out: string;
  /** The handout written (--deck). */
  deck?: string;
  /** How the file was sampled (--sample-rows, --sample-items). */
  sample?: string;
  /** The p chosen when --p was not given and the default does not fit the file (teachingDegree.ts). */
  degree?: DegreeChoice;
}

export const teachCommand: CommandSpec<TeachOutput> = {
  name: 'teach',
  summary: "the method's steps on a small file, as the Teach tab draws them",
  positional: [{ name: 'file', help: 'the dataset (within the teaching limit)' }],
  variesBy: { flag: 'method', values: METHODS.filter((m) => m.teach).map((m) => m.id) },
  flags: (flags) => {
    const spec = methodOf(flags, 'teach');
    if (!spec.teach) throw new CliError(`${spec.id} has no teaching stepper`);
    return [
      ...PARSE_FLAGS,
      METHOD_FLAG,
      SEED_FLAG,
      MEMORY_FLAG,
      { name: 'out', kind: 'path-out', required: true, help: 'the steps (JSON)' },
      {
        name: 'deck',
        kind: 'path-out',
        help: 'also a handout: one self-contained HTML file, a step a printed page, answers at the end',
      },
      ...SAMPLE_FLAGS,
      ...methodSensitiveFlags(spec),
      ...spec.params.map((p) => flagOfParam(p)),
    ];
  },
  async run(values) {
    const [file] = values.positional;
    const spec = findMethod(values.string('method')!)!;
    const outputs = planOutputs(values.inputs(), values.outputs());
    const { params } = methodParams(values, spec);
    const memoryMb = memoryMbOf(values);
    const request = {
      method: spec.id,
      params,
      seed: values.integer('seed')!,
      sensitive: sensitiveChoice(values),
      // The method's own structures are held to the budget as in anonymize (runContext reads it).
      memoryMb,
    };
    resolveRequest(request); // params checked before the file is read
    // The trace's size, stated up front: at most MAX_STEPS steps and this many drawn cells.
    const cells = traceCellLimit(memoryMb * 1024 * 1024);
    const { dataset, rowNames } = await readDataset(file, { ...parseFlags(values), keepRowNames: true });
    const sample = sampleSizeOf(values);
    const trace = teachRun(
      dataset,
      { ...request, ...(rowNames && { rowNames }), ...(sample && { sample }) },
      MAX_STEPS,
      cells,
    );
    const out = values.path('out')!;
    const deck = values.path('deck');
    // Written step by step: no single string of the whole trace.
    await outputs.publish(() => {
      outputs.writeWith(out, (sink) => writeJsonLine(sink, (s) => writeTraceJson(trace, s)));
      if (deck) outputs.writeText(deck, deckHtml(trace));
    });
    return {
      method: spec.id,
      transactions: dataset.n,
      steps: trace.steps.length,
      omitted: trace.omitted,
      limit: { ...trace.limits, cells },
      out,
      ...(deck && { deck }),
      ...(trace.degree && { degree: trace.degree }),
      ...(trace.sample && { sample: trace.sample.why }),
    };
  },
};

/**
 * The trace's JSON as JSON.stringify writes it, byte for byte, but a step at a time: the fields
 * before `steps` (its last field), then each step's own string.
 */
export function writeTraceJson(trace: Trace, sink: ByteSink): void {
  const utf8 = new TextEncoder();
  const { steps, ...head } = trace;
  const opening = JSON.stringify({ ...head, steps: [] });
  sink.write(utf8.encode(opening.slice(0, -2)));
  steps.forEach((step, i) => sink.write(utf8.encode((i > 0 ? ',' : '') + JSON.stringify(step))));
  sink.write(utf8.encode(']}'));
}
