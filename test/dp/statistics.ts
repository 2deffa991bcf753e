/**
 * Statistics for the DP tests: the chi-square survival function, the binomial z-test bound and
 * Clopper-Pearson intervals (exact binomial confidence bounds, from the regularized incomplete beta
 * function by Lentz's continued fraction; Numerical Recipes 6.4). The draws come from a seeded byte
 * source with a fixed seed, so CI is repeatable; `FC_SEED=random` draws from the system's
 * randomness instead, `DP_DRAWS=N` sets how many (the bench-size run).
 */
import { RandomBits, seededByteSource, systemByteSource } from '../../src/core/dp/byteSource.ts';
import { normalCdf } from '../../src/core/base/draws.ts';

/** Time a statistical test may take: generous in CI (the machine is shared), unbounded-ish with DP_DRAWS. */
export const STATISTICAL_TIMEOUT = process.env.DP_DRAWS === undefined ? 240_000 : 3_600_000;

/** The tests' random bits: a fixed seed in CI, the system's randomness with FC_SEED=random. */
export function testBits(seed = 20261122): RandomBits {
  const chosen = process.env.FC_SEED;
  if (chosen === 'random') return new RandomBits(systemByteSource());
  return new RandomBits(seededByteSource(chosen === undefined ? seed : Number(chosen)));
}

/** How many draws a statistical test takes: `fallback` in CI, DP_DRAWS when set. */
export function draws(fallback: number): number {
  const raw = process.env.DP_DRAWS;
  return raw === undefined ? fallback : Number(raw);
}

function logGamma(x: number): number {
  const c = [
    76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.001208650973866,
    -0.5395239384953e-5,
  ];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.000000000190015;
  for (const k of c) ser += k / ++y;
  return -tmp + Math.log((Math.sqrt(2 * Math.PI) * ser) / x);
}

/** Regularized lower incomplete gamma P(a, x). */
function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }
  return 1 - gammaQContinued(a, x);
}

function gammaQContinued(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** P(X >= x) for X chi-square with df degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return x < df / 2 + 1 ? 1 - gammaP(df / 2, x / 2) : gammaQContinued(df / 2, x / 2);
}

/**
 * Pearson's chi-square of observed counts against expected probabilities; bins with expected
 * count below 5 are merged into their neighbour toward the centre first (so the tail bins hold the
 * rest of the distribution, as OpenDP's tests do).
 */
export function chiSquare(
  observed: readonly number[],
  probabilities: readonly number[],
): { statistic: number; df: number; p: number } {
  const n = observed.reduce((a, b) => a + b, 0);
  const bins: { o: number; e: number }[] = [];
  let pending = { o: 0, e: 0 };
  observed.forEach((o, i) => {
    pending = { o: pending.o + o, e: pending.e + probabilities[i] * n };
    if (pending.e >= 5) {
      bins.push(pending);
      pending = { o: 0, e: 0 };
    }
  });
  if (pending.e > 0 || pending.o > 0) {
    if (bins.length === 0) bins.push(pending);
    else {
      const last = bins[bins.length - 1];
      bins[bins.length - 1] = { o: last.o + pending.o, e: last.e + pending.e };
    }
  }
  const statistic = bins.reduce((sum, b) => sum + (b.o - b.e) ** 2 / b.e, 0);
  const df = bins.length - 1;
  return { statistic, df, p: chiSquareSurvival(statistic, df) };
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

function betaContinued(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinued(a, b, x)) / a
    : 1 - (front * betaContinued(b, a, 1 - x)) / b;
}

/** The x with I_x(a, b) = q, by bisection. */
function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (incompleteBeta(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The Clopper-Pearson interval of a binomial proportion after k successes in n trials: each bound
 * fails with probability at most alpha / 2.
 */
export function clopperPearson(k: number, n: number, alpha: number): { lower: number; upper: number } {
  return {
    lower: k === 0 ? 0 : betaQuantile(alpha / 2, k, n - k + 1),
    upper: k === n ? 1 : betaQuantile(1 - alpha / 2, k + 1, n - k),
  };
}

/** Two-sided probability of a standard normal beyond |z| (base/draws.ts's Phi). */
export const normalTail = (z: number): number => 2 * normalCdf(-Math.abs(z));
