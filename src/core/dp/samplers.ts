/**
 * Exact samplers for differentially private noise (Canonne, Kamath, Steinke, "The Discrete Gaussian
 * for Differential Privacy", NeurIPS 2020, Alg. 1-2; the chain OpenDP ports in
 * `traits/samplers/cks20`): Bernoulli(num/den), Bernoulli(exp(-x)) for rational x, the geometric
 * distribution P(k) ∝ exp(-k·x), and the discrete Laplace (two-sided geometric) P(z) ∝
 * exp(-|z|/scale). Every step compares uniform integers drawn by rejection (byteSource.ts): no
 * floating-point value ever carries noise, so there is no low-bit pattern for an attacker to read
 * (Mironov, CCS 2012). Integers stay below 2^53 (checked; beyond, a bigint path), so every number
 * here is exact.
 */
import { floor, type Rational } from './rational.ts';
import type { RandomBits } from './byteSource.ts';

/** A positive rational as two safe integers, as the samplers take it. */
export interface SamplerFraction {
  readonly num: number;
  readonly den: number;
}

/** The samplers keep num·k and den·k below 2^53: a scale's parts must stay below 2^40. */
const PART_LIMIT = 2 ** 40;

export function samplerFraction(value: Rational, what: string): SamplerFraction {
  if (value.n <= 0n) throw new RangeError(`${what} must be positive`);
  if (value.n > BigInt(PART_LIMIT) || value.d > BigInt(PART_LIMIT))
    throw new RangeError(
      `${what} ${value.n}/${value.d} has a part above 2^40: the exact samplers take it as smaller parts`,
    );
  return { num: Number(value.n), den: Number(value.d) };
}

/** Bernoulli(num/den), 0 <= num <= den. */
export function bernoulliRational(bits: RandomBits, num: number, den: number): boolean {
  if (Number.isSafeInteger(den)) return bits.below(den) < num;
  return bits.belowBig(BigInt(den)) < BigInt(num);
}

/** Bernoulli(exp(-x)) for x = num/den in [0, 1] (CKS20 Alg. 1, first part). */
export function bernoulliExp1(bits: RandomBits, num: number, den: number): boolean {
  let k = 1;
  for (;;) {
    const d = den * k;
    const heads = Number.isSafeInteger(d)
      ? bits.below(d) < num
      : bits.belowBig(BigInt(den) * BigInt(k)) < BigInt(num);
    if (!heads) return k % 2 === 1;
    k++;
  }
}

/** Bernoulli(exp(-x)) for x = num/den >= 0: one Bernoulli(exp(-1)) per whole unit of x first. */
export function bernoulliExp(bits: RandomBits, num: number, den: number): boolean {
  let rest = num;
  while (rest > den) {
    if (!bernoulliExp1(bits, 1, 1)) return false;
    rest -= den;
  }
  return bernoulliExp1(bits, rest, den);
}

/** P(k) = (1 - e^-x) e^(-kx), k >= 0, by counting successes of Bernoulli(exp(-x)). */
export function geometricExpSlow(bits: RandomBits, num: number, den: number): number {
  let k = 0;
  while (bernoulliExp(bits, num, den)) k++;
  return k;
}

/** P(k) = (1 - e^-x) e^(-kx), k >= 0, for x = s/t: a uniform remainder, then whole units (CKS20 Alg. 2). */
export function geometricExpFast(bits: RandomBits, s: number, t: number): number {
  if (s === 0) return 0;
  let u: number;
  do u = bits.below(t);
  while (!bernoulliExp(bits, u, t));
  const v = geometricExpSlow(bits, 1, 1);
  const z = BigInt(u) + BigInt(t) * BigInt(v);
  return Number(z / BigInt(s));
}

/** The discrete Laplace P(z) ∝ exp(-|z|/scale) on the integers (CKS20 Alg. 2, OpenDP's sample_discrete_laplace). */
export function discreteLaplace(bits: RandomBits, scale: SamplerFraction): number {
  for (;;) {
    const positive = bits.bit();
    // exp(-|z|/scale) = exp(-|z| · den/num): the magnitude is geometric with x = den/num.
    const magnitude = geometricExpFast(bits, scale.den, scale.num);
    if (positive) return magnitude;
    if (magnitude !== 0) return -magnitude;
  }
}

/**
 * The discrete Laplace noise Z when Z >= t, else null, for an integer t >= 1: the same law as
 * drawing Z and testing it, at the cost of a few coins when Z falls short (most draws for DiffPart's
 * empty sub-partitions, whose noisy count must reach a threshold to be kept). A positive sign's
 * magnitude reaches t with probability exp(-t/scale), and past t it is geometric again
 * (memoryless); a negative sign gives Z < t unless the magnitude is 0, which the full sampler
 * rejects and draws again, with probability 1 - exp(-1/scale).
 */
export function discreteLaplaceAtLeast(bits: RandomBits, scale: SamplerFraction, t: number): number | null {
  if (!Number.isSafeInteger(t) || t < 1) {
    const z = discreteLaplace(bits, scale);
    return z >= t ? z : null;
  }
  for (;;) {
    if (bits.bit()) {
      if (!bernoulliExp(bits, t * scale.den, scale.num)) return null;
      return t + geometricExpFast(bits, scale.den, scale.num);
    }
    if (bernoulliExp(bits, scale.den, scale.num)) return null; // magnitude >= 1: Z <= -1 < t
  }
}

/** The smallest integer at least a rational threshold (integer noisy counts compare with it). */
export const integerThreshold = (threshold: Rational): number => {
  const f = floor(threshold);
  return Number(f * threshold.d === threshold.n ? f : f + 1n);
};
