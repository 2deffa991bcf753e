/**
 * Draws from the common distributions, from a seeded Rng (base/rng.ts), for the synthetic data
 * generators (data/synthetic.ts, data/syntheticShape.ts), and the standard normal CDF that
 * calibrates them.
 */
import type { Rng } from './rng.ts';

/** Poisson draw (Knuth for small means, normal approximation above 30). */
export function poisson(mean: number, rng: Rng): number {
  if (mean > 30) return Math.max(0, Math.round(normal(mean, Math.sqrt(mean), rng)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.float();
  while (p > limit) {
    k++;
    p *= rng.float();
  }
  return k;
}

export function exponential(mean: number, rng: Rng): number {
  return -mean * Math.log(1 - rng.float());
}

/** Normal draw (Box-Muller, one of the pair). */
export function normal(mean: number, sd: number, rng: Rng): number {
  const u = 1 - rng.float();
  const v = rng.float();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Running sums of `weights` (for pickWeighted). */
export function cumulativeWeights(weights: ArrayLike<number>): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) out[i] = sum += weights[i];
  return out;
}

/** An index drawn with probability proportional to its weight (binary search in the running sums). */
export function pickWeighted(cumulative: Float64Array, rng: Rng): number {
  const target = rng.float() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The standard normal CDF Phi(x), from the complementary error function of Numerical Recipes
 * (erfcc, Chebyshev fit, relative error below 1.2e-7 everywhere).
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}
