/**
 * The seeded random number generator that every method, metric and generator draws from
 * (DESIGN.md sec. 3: "Randomness comes only from ctx.rng"). xoshiro128** seeded through SplitMix32:
 * the same seed gives the same stream on every platform.
 */
export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  nextU32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Shuffles `array` in place (Fisher-Yates) and returns it. */
  shuffle<T>(array: T[]): T[];
  /** `k` distinct integers from [0, n), in random order. */
  sample(n: number, k: number): number[];
}

/** The largest seed: seeds are 32-bit (0..2^32-1); a larger one would alias a smaller one. */
export const MAX_SEED = 2 ** 32 - 1;

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitMix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitMix();
  let b = splitMix();
  let c = splitMix();
  let d = splitMix();
  const nextU32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const float = (): number => nextU32() / 4294967296;
  const int = (n: number): number => Math.floor(float() * n);
  return {
    nextU32,
    float,
    int,
    shuffle<T>(array: T[]): T[] {
      for (let i = array.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [array[i], array[j]] = [array[j], array[i]];
      }
      return array;
    },
    sample(n: number, k: number): number[] {
      if (k > n) throw new Error(`cannot sample ${k} of ${n}`);
      if (k * 4 < n) {
        const chosen = new Set<number>();
        const out: number[] = [];
        while (out.length < k) {
          const x = int(n);
          if (!chosen.has(x)) {
            chosen.add(x);
            out.push(x);
          }
        }
        return out;
      }
      const all = Array.from({ length: n }, (_, i) => i);
      for (let i = 0; i < k; i++) {
        const j = i + int(n - i);
        [all[i], all[j]] = [all[j], all[i]];
      }
      return all.slice(0, k);
    },
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
