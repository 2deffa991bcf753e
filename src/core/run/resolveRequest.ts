/**
 * The first step of every run and every method extra (teaching trace, tool): find the method,
 * resolve and validate its params against its declaration, choose the sensitive items, and build
 * the context the method runs with (seeded RNG, release header, progress, abort signal). The seed
 * must be 32-bit; a param is at most the bound the data sets (k <= n, params.ts checkDataBounds); a
 * model with sensitive items needs at least one, a model without ignores them.
 */
import { InputError } from '../base/errors.ts';
import { DEFAULT_MEMORY_BUDGET } from '../base/memoryBudget.ts';
import { createRng, MAX_SEED } from '../base/rng.ts';
import type { Dataset } from '../data/dataset.ts';
import { chooseSensitive } from '../data/sensitive.ts';
import { checkDataBounds, dataFacts, resolveParams } from '../methods/params.ts';
import { findMethod, listMethods } from '../methods/registry.ts';
import type { MethodParams, MethodSpec, RunContext } from '../methods/types.ts';
import { releaseHeader } from '../release/header.ts';
import type { RunRequest } from './runRecord.ts';
import { NO_RECORDER, type Recorder } from '../teach/recorder.ts';

/** A request's method and validated params (what planning a parallel run needs before any run). */
export function resolveRequest(request: Pick<RunRequest, 'method' | 'params'>): {
  spec: MethodSpec;
  params: MethodParams;
} {
  const spec = findMethod(request.method);
  if (!spec) {
    throw new InputError(
      `unknown method '${request.method}' (known: ${
        listMethods()
          .map((m) => m.id)
          .join(', ') || 'none yet'
      })`,
    );
  }
  return { spec, params: resolveParams(spec, request.params) };
}

/** A seed is an integer in 0..2^32-1: the RNG is 32-bit, a larger seed would alias a smaller one. */
export function checkSeed(seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new InputError(`the seed must be an integer in 0..${MAX_SEED}, got ${seed}`);
}

export interface ContextHooks {
  progress?: (fraction: number, phase?: string) => void;
  signal?: AbortSignal;
  /** Bytes a method's large structures may take (overrides the request's memoryMb). */
  memoryBudget?: number;
  /** Where the method reports its steps (teachRun.ts); production runs record nothing. */
  recorder?: Recorder;
}

/** The privacy degree p a run asks for (sizes the sensitive-item band), when it has one. */
export function privacyDegree(params: MethodParams): number | undefined {
  return typeof params.p === 'number' ? params.p : undefined;
}

/** The context of one run of `spec`: sensitive items chosen, the RNG seeded, the header built. */
export function runContext(
  dataset: Dataset,
  spec: MethodSpec,
  params: MethodParams,
  request: Pick<RunRequest, 'seed' | 'sensitive' | 'seededNoise' | 'memoryMb'>,
  hooks: ContextHooks = {},
): RunContext {
  checkSeed(request.seed);
  checkDataBounds(spec, params, dataFacts(dataset));
  if (spec.needsSensitive && !request.sensitive)
    throw new InputError(
      `${spec.id} needs sensitive items (--sensitive a,b, --sensitive-top M, --sensitive-random M or --sensitive-band M; the page's default: a band of moderate support)`,
    );
  // Only a model with sensitive items chooses them (an experiment's choice applies to those runs).
  const sensitive = spec.needsSensitive
    ? chooseSensitive(dataset, request.sensitive, request.seed, privacyDegree(params))
    : [];
  if (spec.needsSensitive && sensitive.length === 0)
    throw new InputError(
      `${spec.id} needs at least one sensitive item: a ${spec.model} release over none protects nothing`,
    );
  return {
    rng: createRng(request.seed),
    seed: request.seed,
    sensitive,
    header: releaseHeader(spec, dataset, params, request.seed, sensitive),
    noise: { seeded: request.seededNoise === true, seed: request.seed },
    memoryBudget: hooks.memoryBudget ?? memoryBudgetOf(request),
    progress: hooks.progress ?? (() => {}),
    signal: hooks.signal,
    recorder: hooks.recorder ?? NO_RECORDER,
  };
}

/** The bytes of a request's memory budget (`memoryMb` MiB; DEFAULT_MEMORY_BUDGET when unset). */
export function memoryBudgetOf(request: Pick<RunRequest, 'memoryMb'>): number {
  const mb = request.memoryMb;
  return mb !== undefined && Number.isFinite(mb) && mb > 0 ? mb * 1024 * 1024 : DEFAULT_MEMORY_BUDGET;
}
