/**
 * Errors across the worker boundary: anything a job throws becomes plain `EngineError` data that
 * survives postMessage with its position intact (file, line, column for parse errors). The engine
 * is wrapped once (`withEngineErrors`), as duckdb-wasm's dispatcher wraps every call, so no job
 * writes its own try/catch.
 */
import { InputError } from '../src/core/base/errors.ts';
import { ParseError } from '../src/core/data/parsers/parseError.ts';
import { ReleaseFormatError } from '../src/core/release/parseRelease.ts';
import { isEngineError, type EngineError } from './engineTypes.ts';

export function toEngineError(error: unknown): EngineError {
  if (error instanceof ParseError) {
    return {
      kind: 'parse',
      message: error.message,
      file: error.file,
      line: error.line,
      column: error.column,
      reason: error.reason,
    };
  }
  if (isEngineError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const input = error instanceof InputError || error instanceof ReleaseFormatError;
  return { kind: input ? 'input' : 'internal', message };
}

/** `api` with every function's throw (or rejected promise) turned into an EngineError. */
export function withEngineErrors<Api extends object>(api: Api): Api {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== 'function') {
      wrapped[name] = value;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      try {
        const result: unknown = value(...args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw toEngineError(error);
            })
          : result;
      } catch (error) {
        throw toEngineError(error);
      }
    };
  }
  return wrapped as Api;
}
