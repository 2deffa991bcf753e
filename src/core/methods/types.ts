/**
 * MethodSpec (DESIGN.md sec. 3): what a method folder under src/core/methods/<id>/ exports.
 * A method declares its parameters once (`params`); the UI builds its form from them, the CLI its
 * flags, `resolveParams` validates raw values against them, and `run` receives them typed
 * (`defineMethod`, `ParamValues`). A method's extras, its teaching trace and its tools (COAT's
 * Pgen, the phi² item correlation), hang off the same spec and are reached through one worker
 * endpoint with the same parameter resolution as a run. The teaching trace is the method's own
 * `run` with a recorder in its context (core/run/teachRun.ts): `teach` states that the run records
 * its steps, and on how many rows.
 */
import type { Dataset } from '../data/dataset.ts';
import type { Rng } from '../base/rng.ts';
import type { Audit, PrivacyModel, Release, ReleaseHeader, ReleaseKind } from '../release/types.ts';
import type { Recorder } from '../teach/recorder.ts';
import { citationOf } from './papers.ts';
import type { NoiseChoice } from '../dp/noise.ts';

export type ParamValue = number | string | boolean;
/** Parameter values by name, as the pipeline hands them on once `resolveParams` checked them. */
export type MethodParams = Readonly<Record<string, ParamValue>>;

export interface ParamSpec {
  readonly name: string;
  /** `text`: a document such as a constraints file, given as its content (the CLI reads a file). */
  readonly type: 'int' | 'number' | 'string' | 'boolean' | 'text';
  readonly default?: ParamValue;
  readonly min?: number;
  readonly max?: number;
  /**
   * An upper bound the data sets (int params), checked once the file is read and before the method
   * runs (params.ts checkDataBounds): at most the rows, the longest row's items or the distinct
   * items; with `per`, the bound divided by another param's value (CAHD's alpha: alpha * p <= n).
   */
  readonly atMost?: DataBound;
  /** Allowed values of a string parameter. */
  readonly choices?: readonly string[];
  /** One line of help, shown in the UI and by `cli methods`. */
  readonly help: string;
  /** `text` params: an example of the document, shown in the empty field. */
  readonly placeholder?: string;
  /** `text` params: the file name a reproducing command gives the document (default NAME.json). */
  readonly fileName?: string;
  /**
   * The `text` param whose document, when given, makes this one moot (apriori-km's `f` and `order`
   * shape only a hierarchy it builds): a release made with the document need not name this param.
   */
  readonly unlessGiven?: string;
}

/** What a data-set bound counts (ParamSpec.atMost). */
export interface DataBound {
  readonly of: 'rows' | 'longest-row' | 'items';
  /** The name of a param the bound is divided by. */
  readonly per?: string;
}

/** The value a parameter declaration stands for: a number, a boolean, one of its choices, text. */
export type ValueOf<S extends ParamSpec> = S['type'] extends 'int' | 'number'
  ? number
  : S['type'] extends 'boolean'
    ? boolean
    : S extends { readonly choices: readonly (infer C extends string)[] }
      ? C
      : string;

/** The typed params of a declaration list, e.g. `{ p: number; order: 'support' | 'token' | 'input' }`. */
export type ParamValues<P extends readonly ParamSpec[]> = {
  readonly [S in P[number] as S['name']]: ValueOf<S>;
};

export interface RunContext {
  rng: Rng;
  seed: number;
  /** Sensitive item ids, for models that need them (empty otherwise). */
  sensitive: number[];
  /** The common release header (DESIGN.md sec. 4) of this run, built by the pipeline. */
  header: ReleaseHeader;
  /**
   * Bytes a method's large structures may take together (`--memory-mb`); it estimates each before
   * allocating it and refuses past the budget, naming settings that fit (base/memoryBudget.ts).
   */
  memoryBudget: number;
  /**
   * Where differentially private noise comes from (dp/noise.ts): the system's cryptographic
   * randomness, or the seed when the run was given one explicitly (reproducible, not for publication).
   */
  noise: NoiseChoice;
  /** Reports progress in [0, 1] with an optional phase label. */
  progress: (fraction: number, phase?: string) => void;
  signal?: AbortSignal;
  /** Where the run reports its steps for the teaching stepper: NO_RECORDER in production runs. */
  recorder: Recorder;
}

export interface MethodResult {
  release: Release;
  audit: Audit;
  /** What the method wants the user to know about this run (sizes, counts); shown with the run. */
  notes?: Record<string, number | string>;
  /**
   * The generalization hierarchy the release generalizes over (DESIGN.md sec. 7, as its CSV), for
   * the run's rules: a new batch's items are published by the same cut of it.
   */
  hierarchy?: string;
  /**
   * How a row of another batch joins a class of this `transactions` release, for the run's rules
   * (core/run/rules.ts): the nearest centre (default) or the longest centre the row holds.
   */
  join?: JoinRule;
}

/** How a new row joins a class of a k-anonymity release (core/run/rules.ts). */
export type JoinRule = 'nearest' | 'longest-held';

/** Arguments of a method tool beyond the method's params (e.g. how many items a heatmap shows). */
export type ToolArgs = Readonly<Record<string, number | string>>;

/**
 * A method whose work splits into independent tasks (PTA's segments): the worker pool runs `plan`
 * on one worker, the tasks across all workers, and `assemble` on one; `run` must give the same
 * result as assemble(plan -> task...) on one worker. Tasks and partial results cross worker
 * boundaries, so they are plain data.
 */
export interface ParallelPlan<V = MethodParams, Task = unknown, Partial = unknown> {
  plan(dataset: Dataset, params: V, ctx: RunContext): Task[];
  task(dataset: Dataset, params: V, task: Task): Partial;
  assemble(dataset: Dataset, params: V, partials: Partial[], ctx: RunContext): MethodResult;
}

/**
 * A method whose run alternates between steps on one worker and rounds of independent tasks
 * (PatternKa's minings, each split by Alg. 5 into groups of root branches): `start` and every
 * `next` run on one worker, which keeps the run's state (never copied); the tasks of a round run on
 * any worker, and `next` takes their results in the order of the tasks. `runRounds` drives it in
 * one thread, and `run` must give the same result.
 */
export interface RoundsPlan<V = MethodParams, Task = unknown, Partial = unknown> {
  start(dataset: Dataset, params: V, ctx: RunContext): RoundStep<Task, Partial>;
  task(dataset: Dataset, params: V, task: Task): Partial;
  /**
   * Whether rounds on a pool pay for what they cost on this dataset (worker threads started,
   * indexes built per worker, messages); always, when absent. The CLI's default (no `--workers`)
   * then runs `run` in one thread; the page's pool, already started, runs the rounds.
   */
  pays?(dataset: Dataset, params: V): boolean;
}

/** A round's tasks and what to do with their results, or the run's result. */
export type RoundStep<Task = unknown, Partial = unknown> =
  { tasks: Task[]; next(partials: Partial[]): RoundStep<Task, Partial> } | { result: MethodResult };

/** A RoundsPlan driven in one thread: each round's tasks in turn. */
export function runRounds<V, Task, Partial>(
  plan: RoundsPlan<V, Task, Partial>,
  dataset: Dataset,
  params: V,
  ctx: RunContext,
): MethodResult {
  let step = plan.start(dataset, params, ctx);
  while ('tasks' in step) step = step.next(step.tasks.map((task) => plan.task(dataset, params, task)));
  return step.result;
}

/**
 * A method whose `run` records its steps (ctx.recorder) for the teaching stepper, on datasets of at
 * most `maxRows` rows (the trace draws every row at every step).
 */
export interface MethodTeach {
  readonly maxRows: number;
}

/** A helper a method offers beside its runs (COAT's Pgen, multi-anatomy's item correlation). */
export interface MethodTool<V = MethodParams> {
  readonly help: string;
  run(dataset: Dataset, params: V, ctx: RunContext, args: ToolArgs): unknown;
}

interface MethodFace {
  readonly id: string;
  readonly label: string;
  /** File name in ../shared/papers. */
  readonly paper: string;
  readonly model: PrivacyModel;
  /** The kind of release it publishes (DESIGN.md sec. 4). */
  readonly releaseKind: ReleaseKind;
  /** Whether the model needs sensitive items chosen (p-degree, l-diversity). */
  readonly needsSensitive: boolean;
}

/** A method as the registry, the pipeline and the worker hold it: params by name. */
export interface MethodSpec extends MethodFace {
  readonly params: readonly ParamSpec[];
  run(dataset: Dataset, params: MethodParams, ctx: RunContext): MethodResult;
  readonly parallel?: ParallelPlan;
  readonly rounds?: RoundsPlan;
  readonly teach?: MethodTeach;
  readonly tools?: Readonly<Record<string, MethodTool>>;
}

/** What a method folder writes: the same, with its params typed from their declaration. */
export interface MethodDefinition<
  P extends readonly ParamSpec[],
  Task = never,
  Partial = never,
> extends MethodFace {
  readonly params: P;
  run(dataset: Dataset, params: ParamValues<P>, ctx: RunContext): MethodResult;
  readonly parallel?: ParallelPlan<ParamValues<P>, Task, Partial>;
  readonly rounds?: RoundsPlan<ParamValues<P>, Task, Partial>;
  readonly teach?: MethodTeach;
  readonly tools?: Readonly<Record<string, MethodTool<ParamValues<P>>>>;
}

/**
 * Params read with the types their declaration names. The pipeline hands a method only params that
 * `resolveParams` checked against its declaration (types, ranges, choices, defaults filled in), so
 * they hold those types: this is the one place that relies on it (defineMethod and the family
 * templates such as pDegreeMethod read params through it).
 */
export function resolvedAs<V>(params: MethodParams): V {
  return params as unknown as V;
}

/**
 * A MethodSpec from a method's typed definition: `run`, `parallel`, `teach` and `tools` receive
 * ParamValues<P> (see resolvedAs). Tasks and partial results come back from `plan` and `task` of
 * the same definition.
 */
export function defineMethod<const P extends readonly ParamSpec[], Task = never, Partial = never>(
  def: MethodDefinition<P, Task, Partial>,
): MethodSpec {
  const typed = (params: MethodParams) => resolvedAs<ParamValues<P>>(params);
  const { parallel, rounds, teach, tools } = def;
  return {
    id: def.id,
    label: def.label,
    paper: def.paper,
    model: def.model,
    releaseKind: def.releaseKind,
    needsSensitive: def.needsSensitive,
    params: def.params,
    run: (dataset, params, ctx) => def.run(dataset, typed(params), ctx),
    ...(parallel && {
      parallel: {
        plan: (dataset, params, ctx) => parallel.plan(dataset, typed(params), ctx),
        task: (dataset, params, task) => parallel.task(dataset, typed(params), task as Task),
        assemble: (dataset, params, partials, ctx) =>
          parallel.assemble(dataset, typed(params), partials as Partial[], ctx),
      },
    }),
    ...(rounds && {
      rounds: {
        start: (dataset, params, ctx) => rounds.start(dataset, typed(params), ctx) as RoundStep,
        task: (dataset, params, task) => rounds.task(dataset, typed(params), task as Task),
        ...(rounds.pays && {
          pays: (dataset: Dataset, params: MethodParams) => rounds.pays!(dataset, typed(params)),
        }),
      },
    }),
    ...(teach && { teach }),
    ...(tools && {
      tools: Object.fromEntries(
        Object.entries(tools).map(([name, tool]) => [
          name,
          {
            help: tool.help,
            run: (dataset, params, ctx, args) => tool.run(dataset, typed(params), ctx, args),
          },
        ]),
      ) as Record<string, MethodTool>,
    }),
  };
}

/** A MethodSpec without code: what `cli methods` prints and what the UI receives from workers. */
export interface MethodInfo extends MethodFace {
  /** The paper as a reader cites it: "Authors — Title (venue)" (papers.ts). */
  readonly citation: string;
  readonly params: readonly ParamSpec[];
  readonly parallelTasks: boolean;
  /** The largest dataset (rows) the method's teaching stepper draws; absent: it has none. */
  readonly teachMaxRows?: number;
  /** The method's tools by name, with their help. */
  readonly tools: readonly { name: string; help: string }[];
}

export function methodInfo(spec: MethodSpec): MethodInfo {
  return {
    id: spec.id,
    label: spec.label,
    paper: spec.paper,
    citation: citationOf(spec.paper),
    model: spec.model,
    releaseKind: spec.releaseKind,
    needsSensitive: spec.needsSensitive,
    params: spec.params,
    parallelTasks: spec.parallel !== undefined || spec.rounds !== undefined,
    ...(spec.teach && { teachMaxRows: spec.teach.maxRows }),
    tools: Object.entries(spec.tools ?? {}).map(([name, tool]) => ({ name, help: tool.help })),
  };
}
