/**
 * MethodSpec (DESIGN.md sec. 3): what a method folder under src/core/methods/<id>/ exports.
 * `params` carries enough for the UI to build the method's form and for the CLI to parse flags.
 */
import type { Dataset } from '../data/dataset.ts';
import type { Rng } from '../experiment/rng.ts';
import type { Audit, PrivacyModel, Release } from '../release/types.ts';

export interface ParamSpec {
  name: string;
  type: 'int' | 'number' | 'string' | 'boolean' | 'items' | 'file';
  default?: number | string | boolean;
  min?: number;
  max?: number;
  /** One line of help, shown in the UI and by `cli methods`. */
  help: string;
}

export interface RunContext {
  rng: Rng;
  seed: number;
  /** Sensitive item ids, for models that need them. */
  sensitive: number[];
  /** Reports progress in [0, 1] with an optional phase label. */
  progress: (fraction: number, phase?: string) => void;
  signal?: AbortSignal;
}

export interface MethodResult {
  release: Release;
  audit: Audit;
}

export interface MethodSpec {
  id: string;
  label: string;
  /** File name in ../shared/papers. */
  paper: string;
  model: PrivacyModel;
  params: ParamSpec[];
  run(dataset: Dataset, params: Record<string, number | string | boolean>, ctx: RunContext): MethodResult;
}

/** A MethodSpec without `run`: what `cli methods` prints and what the UI receives from workers. */
export type MethodInfo = Omit<MethodSpec, 'run'>;

export function methodInfo(spec: MethodSpec): MethodInfo {
  const { run: _run, ...info } = spec;
  return info;
}
