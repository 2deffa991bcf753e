/**
 * The exact samplers' distributions (ANCHORS "Privacy tests" 1; OpenDP's cks20 tests): chi-square
 * against the exact pmf with tail bins, the discrete Laplace's log-ratio ln P(Z >= k+1)/P(Z >= k) =
 * -1/scale and its mean by z-tests, the exponential mechanism against its exact probabilities,
 * Bernoulli(exp(-x)), the tail sampler DiffPart uses for empty sub-partitions against the
 * conditional law. Each test states its false-failure probability (alpha); draws come from a fixed
 * seed in CI (`FC_SEED=random`, `DP_DRAWS=1000000` for a fresh, larger run).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  bernoulliExp,
  discreteLaplace,
  discreteLaplaceAtLeast,
  samplerFraction,
} from '../../src/core/dp/samplers.ts';
import { exponentialMechanism, peel } from '../../src/core/dp/exponentialMechanism.ts';
import { RandomBits, seededByteSource, systemByteSource } from '../../src/core/dp/byteSource.ts';
import { rational } from '../../src/core/dp/rational.ts';
import { chiSquare, draws, normalTail, STATISTICAL_TIMEOUT, testBits } from './statistics.ts';

vi.setConfig({ testTimeout: STATISTICAL_TIMEOUT });

/** Chi-square tests fail when p < CHI_ALPHA: the false-failure probability of each. */
const CHI_ALPHA = 1e-6;
/** z-tests fail beyond 6 standard errors: false-failure probability 2e-9 each. */
const Z = 6;

/** The exact pmf of the discrete Laplace of scale s at z. */
const laplacePmf = (s: number, z: number) => {
  const p = Math.exp(-1 / s);
  return ((1 - p) / (1 + p)) * p ** Math.abs(z);
};

function laplaceHistogram(s: number, samples: number[], k: number) {
  const observed = new Array<number>(2 * k + 3).fill(0);
  for (const z of samples) observed[z < -k ? 0 : z > k ? 2 * k + 2 : z + k + 1]++;
  const p = Math.exp(-1 / s);
  const tail = p ** (k + 1) / (1 + p); // P(Z > k) = P(Z < -k)
  const probabilities = [tail, ...Array.from({ length: 2 * k + 1 }, (_, i) => laplacePmf(s, i - k)), tail];
  return { observed, probabilities };
}

function zTest(successes: number, trials: number, p: number): number {
  return (successes - trials * p) / Math.sqrt(trials * p * (1 - p));
}

describe('discrete Laplace (CKS20 Alg. 2)', () => {
  for (const [n, d] of [
    [1, 1],
    [7, 2],
    [1, 3],
  ] as const) {
    const s = n / d;
    it(`scale ${n}/${d}: chi-square against the exact pmf with tail bins (alpha ${CHI_ALPHA})`, () => {
      const bits = testBits(1000 + n * 10 + d);
      const scale = samplerFraction(rational(n, d), 'scale');
      const samples = Array.from({ length: draws(100_000) }, () => discreteLaplace(bits, scale));
      const { observed, probabilities } = laplaceHistogram(s, samples, Math.ceil(8 * s) + 2);
      const { p, statistic, df } = chiSquare(observed, probabilities);
      expect(
        p,
        `chi-square ${statistic.toFixed(1)} on ${df} df: p = ${p} (false failure ${CHI_ALPHA})`,
      ).toBeGreaterThan(CHI_ALPHA);
    });

    it(`scale ${n}/${d}: log-ratio ln P(Z >= k+1)/P(Z >= k) = -1/scale, mean 0 (z-tests at ${Z}, alpha 2e-9 each)`, () => {
      const bits = testBits(2000 + n * 10 + d);
      const scale = samplerFraction(rational(n, d), 'scale');
      const samples = Array.from({ length: draws(100_000) }, () => discreteLaplace(bits, scale));
      const p = Math.exp(-1 / s);
      for (let k = 0; k <= 3; k++) {
        const atLeast = samples.filter((z) => z >= k).length;
        const beyond = samples.filter((z) => z >= k + 1).length;
        if (atLeast < 1000) continue;
        const z = zTest(beyond, atLeast, p);
        expect(
          Math.abs(z),
          `k = ${k}: ln ratio ${Math.log(beyond / atLeast).toFixed(4)} vs ${(-1 / s).toFixed(4)}, z = ${z.toFixed(2)}`,
        ).toBeLessThan(Z);
      }
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      const sd = Math.sqrt((2 * p) / (1 - p) ** 2 / samples.length);
      expect(Math.abs(mean / sd), `mean ${mean}`).toBeLessThan(Z);
      const zeros = samples.filter((z) => z === 0).length;
      expect(Math.abs(zTest(zeros, samples.length, laplacePmf(s, 0)))).toBeLessThan(Z);
    });
  }

  it(`the tail sampler: P(Z >= t) = p^t/(1+p) and Z - t | Z >= t geometric (z at ${Z}, chi-square alpha ${CHI_ALPHA})`, () => {
    const bits = testBits(3000);
    const s = 2;
    const t = 3;
    const scale = samplerFraction(rational(s), 'scale');
    const p = Math.exp(-1 / s);
    const n = draws(100_000);
    const kept: number[] = [];
    for (let i = 0; i < n; i++) {
      const z = discreteLaplaceAtLeast(bits, scale, t);
      if (z !== null) kept.push(z);
    }
    expect(Math.abs(zTest(kept.length, n, p ** t / (1 + p)))).toBeLessThan(Z);
    expect(kept.reduce((a, b) => Math.min(a, b), Infinity)).toBeGreaterThanOrEqual(t);
    const k = 20;
    const observed = new Array<number>(k + 1).fill(0);
    for (const z of kept) observed[Math.min(z - t, k)]++;
    const probabilities = Array.from({ length: k + 1 }, (_, j) => (j < k ? (1 - p) * p ** j : p ** k));
    const { p: pValue } = chiSquare(observed, probabilities);
    expect(pValue).toBeGreaterThan(CHI_ALPHA);
  });

  it(`far tails are drawn at their exact rate: scale 10, P(Z >= 40) = e^-4/(1+e^-0.1), values past 60 appear (z at ${Z})`, () => {
    const bits = testBits(3100);
    const scale = samplerFraction(rational(10), 'scale');
    const p = Math.exp(-1 / 10);
    const n = draws(100_000);
    let far = 0;
    let farther = 0;
    for (let i = 0; i < n; i++) {
      const z = discreteLaplace(bits, scale);
      if (z >= 40) far++;
      if (z >= 60) farther++;
    }
    expect(Math.abs(zTest(far, n, p ** 40 / (1 + p)))).toBeLessThan(Z);
    expect(farther).toBeGreaterThan(0);
  });
});

describe('Bernoulli(exp(-x)) (CKS20 Alg. 1)', () => {
  for (const [num, den] of [
    [3, 10],
    [27, 10],
    [1, 1],
  ] as const) {
    it(`x = ${num}/${den}: frequency exp(-x) (z at ${Z}, alpha 2e-9)`, () => {
      const bits = testBits(4000 + num);
      const n = draws(100_000);
      let heads = 0;
      for (let i = 0; i < n; i++) if (bernoulliExp(bits, num, den)) heads++;
      expect(Math.abs(zTest(heads, n, Math.exp(-num / den)))).toBeLessThan(Z);
    });
  }
});

describe('exponential mechanism (exact, by rejection)', () => {
  it(`P(j) ∝ exp(c · score_j): chi-square against the exact probabilities (alpha ${CHI_ALPHA})`, () => {
    const bits = testBits(5000);
    const scores = [0, 3, 5, 5, 1, -2, 4];
    const c = { num: 1, den: 2 };
    const weights = scores.map((s) => Math.exp(s / 2));
    const total = weights.reduce((a, b) => a + b, 0);
    const observed = new Array<number>(scores.length).fill(0);
    const n = draws(100_000);
    for (let i = 0; i < n; i++) observed[exponentialMechanism(bits, scores, c)]++;
    const { p } = chiSquare(
      observed,
      weights.map((w) => w / total),
    );
    expect(p).toBeGreaterThan(CHI_ALPHA);
  });

  it(`peeling draws without replacement: the second pick's law given the first (alpha ${CHI_ALPHA})`, () => {
    const bits = testBits(5100);
    const scores = [4, 2, 2, 0];
    const c = { num: 1, den: 1 };
    const w = scores.map((s) => Math.exp(s));
    const second = new Array<number>(4).fill(0);
    let firstWasZero = 0;
    const n = draws(60_000);
    for (let i = 0; i < n; i++) {
      const [a, b] = peel(bits, scores, 2, c);
      expect(a).not.toBe(b);
      if (a === 0) {
        firstWasZero++;
        second[b]++;
      }
    }
    const rest = w[1] + w[2] + w[3];
    const { p } = chiSquare(second.slice(1), [w[1] / rest, w[2] / rest, w[3] / rest]);
    expect(p).toBeGreaterThan(CHI_ALPHA);
    expect(Math.abs(zTest(firstWasZero, n, w[0] / (w[0] + rest)))).toBeLessThan(Z);
  });

  it('a score range of a million at a large rate is sampled without overflow (no exp of a raw score)', () => {
    const bits = testBits(5200);
    const scores = [1_000_000, 999_999, 0];
    const counts = [0, 0, 0];
    for (let i = 0; i < 2000; i++) counts[exponentialMechanism(bits, scores, { num: 1, den: 1 })]++;
    expect(counts[2]).toBe(0);
    expect(counts[0]).toBeGreaterThan(counts[1]);
  });
});

describe('byte sources', () => {
  it('uniform below a bound that is not a power of two, above and below 2^32 (chi-square alpha 1e-6)', () => {
    const bits = testBits(6000);
    for (const n of [3, 6, 2 ** 32 + 3]) {
      const observed = [0, 0, 0];
      const total = draws(60_000);
      let largest = 0;
      for (let i = 0; i < total; i++) {
        const v = bits.below(n);
        largest = Math.max(largest, v);
        observed[Math.floor((v * 3) / n)]++;
      }
      expect(largest).toBeLessThan(n);
      const share = [
        Math.ceil(n / 3),
        Math.ceil((2 * n) / 3) - Math.ceil(n / 3),
        n - Math.ceil((2 * n) / 3),
      ].map((c) => c / n);
      expect(chiSquare(observed, share).p).toBeGreaterThan(CHI_ALPHA);
    }
  });

  it('the system source is crypto.getRandomValues (Node 20 and browsers): two draws differ, and a seeded source repeats', () => {
    const system = new RandomBits(systemByteSource());
    const a = Array.from({ length: 8 }, () => system.u32());
    const b = Array.from({ length: 8 }, () => system.u32());
    expect(a).not.toEqual(b);
    expect(systemByteSource().seeded).toBe(false);
    const one = new RandomBits(seededByteSource(7));
    const two = new RandomBits(seededByteSource(7));
    expect(Array.from({ length: 8 }, () => one.u32())).toEqual(Array.from({ length: 8 }, () => two.u32()));
  });

  it('a source that fails throws; the sampler never falls back to weaker bits', () => {
    const failing = new RandomBits({
      seeded: false,
      fill() {
        throw new Error('entropy source failed');
      },
    });
    expect(() => discreteLaplace(failing, { num: 1, den: 1 })).toThrow('entropy source failed');
  });
});

describe('statistics helpers', () => {
  it('normal tail at 6 is about 2e-9', () => {
    expect(normalTail(6)).toBeGreaterThan(1.5e-9);
    expect(normalTail(6)).toBeLessThan(2.5e-9);
  });
});
