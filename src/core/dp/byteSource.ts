/**
 * Where differentially private noise gets its random bits (ANCHORS "Samplers" 2; OpenDP's fallible
 * `fill_bytes`): the system's cryptographic randomness (`crypto.getRandomValues`, in browsers, Web
 * Workers and Node 20 alike), or, only when a run is given an explicit seed, a seeded stream whose
 * noise anyone with the seed can recompute and remove (for exploration and sweeps, never for
 * publication; the release says which). `Math.random` is never used: it is a predictable xorshift.
 * A source that cannot deliver throws; no sampler falls back to weaker bits.
 */
import { createRng } from '../base/rng.ts';

export interface ByteSource {
  /** Fills `bytes` with uniform random bytes, or throws. */
  fill(bytes: Uint8Array): void;
  /** True for a seeded stream: reproducible, and so not for publication. */
  readonly seeded: boolean;
}

/** crypto.getRandomValues fills at most 65,536 bytes a call. */
const CRYPTO_CHUNK = 65_536;

export function systemByteSource(): ByteSource {
  const source = typeof crypto === 'undefined' ? undefined : crypto;
  if (!source || typeof source.getRandomValues !== 'function')
    throw new Error(
      'no cryptographic randomness (crypto.getRandomValues) on this platform: DP noise cannot be drawn',
    );
  return {
    seeded: false,
    fill(bytes) {
      for (let start = 0; start < bytes.length; start += CRYPTO_CHUNK)
        source.getRandomValues(bytes.subarray(start, Math.min(bytes.length, start + CRYPTO_CHUNK)));
    },
  };
}

/** The seeded stream (xoshiro128** of base/rng.ts, the seed's own stream): reproducible, not secret. */
export function seededByteSource(seed: number): ByteSource {
  const rng = createRng(seed ^ 0x5eed_d1ff);
  return {
    seeded: true,
    fill(bytes) {
      for (let i = 0; i < bytes.length; i += 4) {
        const word = rng.nextU32();
        for (let b = 0; b < 4 && i + b < bytes.length; b++) bytes[i + b] = (word >>> (8 * b)) & 0xff;
      }
    },
  };
}

/**
 * Uniform integers from a byte source, read from a buffer of 4 KiB at a time: `u32`, and `below(n)`
 * by rejection (no modulo bias; OpenDP's `sample_uniform_uint_below`), for n up to 2^53 as a
 * number and beyond as a bigint.
 */
export class RandomBits {
  private readonly bytes = new Uint8Array(4096);
  private readonly words = new Uint32Array(this.bytes.buffer);
  private next = this.words.length;

  constructor(readonly source: ByteSource) {}

  u32(): number {
    if (this.next === this.words.length) {
      this.source.fill(this.bytes);
      this.next = 0;
    }
    return this.words[this.next++];
  }

  /** A fair coin. */
  bit(): boolean {
    return (this.u32() & 1) === 1;
  }

  /** Uniform in 0..n-1, n a positive safe integer. */
  below(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1)
      throw new RangeError(`below(${n}): n must be a positive safe integer`);
    if (n === 1) return 0;
    if (n <= 0x1_0000_0000) {
      const shift = Math.clz32(n - 1); // keep the 32 - shift low bits that n - 1 needs
      for (;;) {
        const v = shift === 0 ? this.u32() : this.u32() >>> shift;
        if (v < n) return v;
      }
    }
    let highMask = 2; // 2^(bits above the low 32): the least power of two with highMask * 2^32 >= n
    while (highMask * 0x1_0000_0000 < n) highMask *= 2;
    for (;;) {
      const v = (this.u32() % highMask) * 0x1_0000_0000 + this.u32();
      if (v < n) return v;
    }
  }

  /** Uniform in 0..n-1 for a bigint n >= 1. */
  belowBig(n: bigint): bigint {
    if (n < 1n) throw new RangeError(`belowBig(${n}): n must be positive`);
    if (n <= BigInt(Number.MAX_SAFE_INTEGER)) return BigInt(this.below(Number(n)));
    const bits = (n - 1n).toString(2).length;
    const words = Math.ceil(bits / 32);
    const mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      let v = 0n;
      for (let w = 0; w < words; w++) v = (v << 32n) | BigInt(this.u32());
      v &= mask;
      if (v < n) return v;
    }
  }
}
