/**
 * A differential-privacy release whose noise anyone can redraw (DESIGN.md sec. 8: "A verifier that
 * finds a seed in a DP release replays the noise from it and marks the release 'seeded: not for
 * publication' whatever its `noise` label says"). The release's own label is not trusted: every
 * seed the release carries (the header's `seed`, a seed named in its `noise` note) is replayed by
 * running the release's method again on the same input and params with its noise drawn from that
 * seed (dp/noise.ts, the methods' seeded byte source), and the noisy quantities the release
 * publishes (DiffPart's partition tree and counts, PrivBasis's basis trace and noisy bins) are
 * compared with the replay's. A replay that reproduces them proves the noise seeded, whatever the
 * label says; a release labelled seeded is marked so even when no replay reproduces it (and says so).
 *
 * This sits in run/ because the replay needs the methods' code (release/ may not import methods).
 * Marking is not a verification failure: the release is still exactly what its noisy counts produce
 * (`verified` holds); it is `publishable: false`. A release merged from parts (`distribute`, a
 * parallel ledger) is replayed part by part by the replay the caller hands in (its parts' rows and
 * seeds are distribute's: core/distribute/replayParts.ts, a floor above this one); without it, it
 * is not replayed (and is still marked when its label says seed).
 */
import type { Dataset } from '../data/dataset.ts';
import { InputError } from '../base/errors.ts';
import type { DiffPartPartition, Release } from '../release/types.ts';
import { resolveRequest, runContext } from './resolveRequest.ts';

export const SEEDED_MARK = 'seeded: not for publication';

export interface SeededCheck {
  /** False when a replay reproduced the noise or the release says its noise was seeded. */
  publishable: boolean;
  /** SEEDED_MARK and why, when not publishable. */
  seeded?: string;
  /** The seeds found and what replaying each gave (reproduces or not), in words. */
  replays: string[];
}

/**
 * A release merged from parts (`ledger.parallel`) replayed from `seed` as its parts' runs drew
 * their noise: the partitions of the parts' replays, one tree after the other as the merge lays
 * them out; null when a part's run refuses the seed.
 */
export type PartsReplay = (dataset: Dataset, release: Release, seed: number) => DiffPartPartition[] | null;

/** DiffPart's partition tree and noisy counts, as one comparable text. */
const partitionsText = (partitions: readonly DiffPartPartition[]) =>
  JSON.stringify(partitions.map((p) => [[...p.cut].sort(), p.parent, p.split, p.count]));

/** The noisy quantities a DP release publishes, as one comparable text; undefined for other kinds. */
function noisyPart(release: Release): string | undefined {
  if (release.kind === 'transactions' && release.partitions) return partitionsText(release.partitions);
  if (release.kind === 'transactions' && release.network) return JSON.stringify(release.network);
  if (release.kind === 'itemsets') return JSON.stringify(release.basis);
  return undefined;
}

/**
 * Every seed a release carries: its header's `seed`, any seed its noise note names, and for a
 * release merged from parts the key of its split (`distribute` keys the split with the run's seed,
 * and the verifier recomputes the split from it, so it cannot be changed as a label can).
 */
export function seedsIn(release: Release): number[] {
  const seeds = new Set<number>();
  if (Number.isInteger(release.seed)) seeds.add(release.seed);
  const key = release.ledger?.parallel?.key;
  if (Number.isInteger(key)) seeds.add(key!);
  const note = release.noise?.note ?? '';
  for (const match of note.matchAll(/seed\D{0,3}(\d{1,10})/gi)) seeds.add(Number(match[1]));
  return [...seeds];
}

/**
 * The release `method` with `params` makes on `dataset` with its noise drawn from `seed` (the
 * methods' seeded byte source); null when the run refuses them (a seed out of range, params the
 * data no longer allows: such a seed replays nothing).
 */
export function seededRun(
  dataset: Dataset,
  method: string,
  params: Release['params'],
  seed: number,
): Release | null {
  try {
    const { spec, params: resolved } = resolveRequest({ method, params });
    const ctx = runContext(dataset, spec, resolved, { seed, seededNoise: true });
    return spec.run(dataset, resolved, ctx).release;
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

/** The published noise replayed from `seed`: true when the method run from that seed reproduces it. */
function replays(
  dataset: Dataset,
  release: Release,
  seed: number,
  published: string,
  replayParts: PartsReplay | undefined,
): boolean {
  if (release.ledger?.parallel) {
    const partitions = replayParts?.(dataset, release, seed);
    return !!partitions && partitionsText(partitions) === published;
  }
  const replay = seededRun(dataset, release.method, release.params, seed);
  return !!replay && noisyPart(replay) === published;
}

/**
 * The seeded-noise check of a verified DP release (non-DP releases are publishable as far as this
 * goes); `replayParts` replays a release merged from parts.
 */
export function checkSeededNoise(dataset: Dataset, release: Release, replayParts?: PartsReplay): SeededCheck {
  const published = release.model === 'differential-privacy' ? noisyPart(release) : undefined;
  if (published === undefined) return { publishable: true, replays: [] };
  const labelled = release.noise?.source === 'seed' || release.noise?.reproducible === true;
  const results: string[] = [];
  if (release.ledger?.parallel && !replayParts) {
    results.push('a release merged from parts is not replayed here (each part drew from its own seed)');
  } else {
    const each = release.ledger?.parallel ? ' (each part from its own seed derived from it)' : '';
    for (const seed of seedsIn(release)) {
      if (replays(dataset, release, seed, published, replayParts)) {
        return {
          publishable: false,
          seeded: `${SEEDED_MARK}: the noise replayed from seed ${seed}${each} reproduces the published noisy counts (anyone with the seed can redraw the noise and remove it)${labelled ? '' : `; its noise label "${release.noise?.source ?? 'none'}" is wrong`}`,
          replays: [...results, `seed ${seed}: reproduces the published noise`],
        };
      }
      results.push(`seed ${seed}: does not reproduce the published noise`);
    }
  }
  if (labelled)
    return {
      publishable: false,
      seeded: `${SEEDED_MARK}: the release says its noise was drawn from a seed (no seed it carries reproduces it)`,
      replays: results,
    };
  return { publishable: true, replays: results };
}
