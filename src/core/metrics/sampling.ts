/**
 * What every metric estimated from random queries shares (DESIGN.md sec. 5): the query stream is
 * seeded by the run's seed and the metric's name alone, never by the method's own RNG stream, so
 * every method of one sweep and seed is measured on the same queries (a paired comparison); the
 * estimate is the mean over the queries with its standard error; each query's value can be handed
 * back for paired differences (`perQuery`); and a value is kept at its definition's bound instead of
 * printing float noise (-4e-16 for a divergence that is 0).
 */
import { createRng, type Rng } from '../base/rng.ts';

/** The RNG of a metric's queries: the run's seed mixed with the metric's name (FNV-1a). */
export function queryRng(seed: number, metric: string): Rng {
  let hash = 0x811c9dc5;
  for (let i = 0; i < metric.length; i++) hash = Math.imul(hash ^ metric.charCodeAt(i), 0x01000193);
  return createRng((seed ^ hash) >>> 0);
}

export interface Estimate {
  mean: number;
  /** Standard error of the mean: sample standard deviation / sqrt(count); 0 for fewer than 2. */
  se: number;
}

export function estimateOf(values: ArrayLike<number>): Estimate {
  const count = values.length;
  if (count === 0) return { mean: 0, se: 0 };
  let sum = 0;
  for (let i = 0; i < count; i++) sum += values[i];
  const mean = sum / count;
  if (count < 2) return { mean, se: 0 };
  let squares = 0;
  for (let i = 0; i < count; i++) squares += (values[i] - mean) ** 2;
  return { mean, se: Math.sqrt(squares / (count - 1) / count) };
}

/** Float noise below this is an exact bound (a divergence of 0 computed as -4e-16 or 3e-17). */
const NOISE = 1e-12;

/** `value` kept at or above `bound`: anything within float noise of it (or below) is the bound. */
export function atLeast(value: number, bound: number): number {
  return value - bound < NOISE ? bound : value;
}

/** `value` clamped into [low, high], float noise at either end snapped to it. */
export function within(value: number, low: number, high: number): number {
  return high - value < NOISE ? high : atLeast(value, low);
}

/** Six significant digits: per-query values kept for paired comparisons without bloating files. */
export function compact(values: ArrayLike<number>): number[] {
  return Array.from(values, (v) => Number(v.toPrecision(6)));
}
