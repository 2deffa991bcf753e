/**
 * Which randomness a DP run's noise comes from (DESIGN.md sec. 3: "DP noise ... from the system's
 * cryptographic randomness, unless the run is given a seed, in which case the release says that its
 * noise is reproducible and not for publication"), and the note the release header carries.
 */
import { RandomBits, seededByteSource, systemByteSource } from './byteSource.ts';

export interface NoiseChoice {
  /** True only when the run was given an explicit seed (the CLI's --seed, a sweep's seeds). */
  readonly seeded: boolean;
  readonly seed: number;
}

/** The release header's account of its noise. */
export interface NoiseNote {
  source: 'system' | 'seed';
  /** True when anyone with the seed can redraw the noise. */
  reproducible: boolean;
  note: string;
}

export function noiseBits(choice: NoiseChoice): RandomBits {
  return new RandomBits(choice.seeded ? seededByteSource(choice.seed) : systemByteSource());
}

export function noiseNote(choice: NoiseChoice): NoiseNote {
  return choice.seeded
    ? {
        source: 'seed',
        reproducible: true,
        note: `noise drawn from seed ${choice.seed}: reproducible, for exploration only, NOT for publication (anyone with the seed can redraw the noise and remove it)`,
      }
    : {
        source: 'system',
        reproducible: false,
        note: "noise drawn from the system's cryptographic randomness (crypto.getRandomValues): not reproducible",
      };
}
