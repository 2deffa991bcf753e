/**
 * MethodSpec (DESIGN.md sec. 3): what a method folder under src/core/methods/<id>/ exports.
 * `params` carries enough for the UI to build the method's form and for the CLI to parse flags.
 */
import type { Dataset } from '../data/dataset.ts';
import type { Rng } from '../experiment/rng.ts';
import type { Audit, PrivacyModel, Release, ReleaseKind } from '../release/types.ts';

export type ParamValue = number | string | boolean;
export type MethodParams = Record<string, ParamValue>;

export interface ParamSpec {
  name: string;
  /** `text`: a document such as a constraints file, given as its content (the CLI reads a file). */
  type: 'int' | 'number' | 'string' | 'boolean' | 'text';
  default?: ParamValue;
  min?: number;
  max?: number;
  /** Allowed values of a string parameter. */
  choices?: string[];
  /** One line of help, shown in the UI and by `cli methods`. */
  help: string;
}

export interface RunContext {
  rng: Rng;
  seed: number;
  /** Sensitive item ids, for models that need them (empty otherwise). */
  sensitive: number[];
  /** Reports progress in [0, 1] with an optional phase label. */
  progress: (fraction: number, phase?: string) => void;
  signal?: AbortSignal;
}

export interface MethodResult {
  release: Release;
  audit: Audit;
  /** What the method wants the user to know about this run (sizes, counts); shown with the run. */
  notes?: Record<string, number | string>;
}

/**
 * A method whose work splits into independent tasks (PTA's segments): the worker pool runs `plan`
 * on one worker, the tasks across all workers, and `assemble` on one; `run` must give the same
 * result as assemble(plan -> task...) on one worker. Tasks and partial results cross worker
 * boundaries, so they are plain data.
 */
export interface ParallelPlan {
  plan(dataset: Dataset, params: MethodParams): unknown[];
  task(dataset: Dataset, params: MethodParams, task: unknown): unknown;
  assemble(dataset: Dataset, params: MethodParams, partials: unknown[], ctx: RunContext): MethodResult;
}

export interface MethodSpec {
  id: string;
  label: string;
  /** File name in ../shared/papers. */
  paper: string;
  model: PrivacyModel;
  /** The kind of release it publishes (DESIGN.md sec. 4). */
  releaseKind: ReleaseKind;
  /** Whether the model needs sensitive items chosen (p-degree, l-diversity). */
  needsSensitive: boolean;
  params: ParamSpec[];
  run(dataset: Dataset, params: MethodParams, ctx: RunContext): MethodResult;
  parallel?: ParallelPlan;
}

/** A MethodSpec without code: what `cli methods` prints and what the UI receives from workers. */
export type MethodInfo = Omit<MethodSpec, 'run' | 'parallel'> & { parallelTasks: boolean };

export function methodInfo(spec: MethodSpec): MethodInfo {
  const { run: _run, parallel, ...info } = spec;
  return { ...info, parallelTasks: parallel !== undefined };
}

/** Bad parameters or a model that cannot be met on this data: the user's to fix, not a crash. */
export class MethodInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MethodInputError';
  }
}
