/**
 * Seeded synthetic transactions in the style of the IBM Quest generator (Agrawal and Srikant,
 * "Fast Algorithms for Mining Association Rules", VLDB 1994, Sec. 2.4.3), as T10I4D100K was made:
 * - L potentially large itemsets ("patterns"), sizes Poisson with mean I; each pattern takes a
 *   fraction (exponential, mean `correlation`) of its items from the previous pattern, the rest at
 *   random; weights exponential with mean 1, normalised; a corruption level per pattern drawn from
 *   N(0.5, 0.1);
 * - each transaction's size is Poisson with mean T (at least 1); it is filled with patterns picked by
 *   weight, each pattern dropping items while a uniform draw is below its corruption level; a pattern
 *   that does not fit is added anyway half of the time, else kept for the next transaction.
 * Names: D transactions, T average length, I average pattern length, N items, L patterns.
 */
import type { Dataset } from './dataset.ts';
import { generatedDataset, generatedFimi } from './syntheticRows.ts';
import { createRng, type Rng } from '../base/rng.ts';
import { cumulativeWeights, exponential, normal, pickWeighted, poisson } from '../base/draws.ts';

export interface QuestParams {
  D: number;
  T: number;
  I: number;
  N: number;
  /** Number of patterns (default 2000, as the Quest default for N = 1000). */
  L?: number;
  correlation?: number;
  seed: number;
}

export function questName(p: QuestParams): string {
  const d = p.D >= 1000 ? `${p.D / 1000}K` : `${p.D}`;
  return `T${p.T}I${p.I}D${d}N${p.N}-seed${p.seed}`;
}

/** Generates the transactions one by one and hands each (item ids, unsorted) to `emit`. */
export function generateQuest(params: QuestParams, emit: (row: number[]) => void): void {
  for (const row of questRows(params)) emit(row);
}

/** The transactions one by one (item ids, unsorted), so that a writer can pause between rows. */
export function* questRows(params: QuestParams): Generator<number[]> {
  const rng = createRng(params.seed);
  const patterns = makePatterns(params, rng);
  const cumulative = cumulativeWeights(patterns.map((p) => p.weight));
  let carried: number[] | null = null;
  for (let t = 0; t < params.D; t++) {
    const size = Math.max(1, poisson(params.T, rng));
    const row = new Set<number>();
    let attempts = 0;
    while (row.size < size && attempts++ < 20 * size) {
      const pattern: number[] = carried ?? corrupt(patterns[pickWeighted(cumulative, rng)], rng);
      carried = null;
      if (row.size + pattern.length > size && row.size > 0 && rng.float() < 0.5) {
        carried = pattern;
        break;
      }
      for (const item of pattern) row.add(item);
    }
    yield [...row];
  }
}

/**
 * The generated transactions as a Dataset (items named by their number, as in FIMI files; see
 * syntheticRows.ts for why rows are taken in ascending order).
 */
export function questDataset(params: QuestParams): Dataset {
  return generatedDataset(questName(params), (emit) => generateQuest(params, emit));
}

/** The generated transactions as FIMI text. */
export function questFimi(params: QuestParams): string {
  return generatedFimi((emit) => generateQuest(params, emit));
}

interface Pattern {
  items: number[];
  weight: number;
  corruption: number;
}

function makePatterns(params: QuestParams, rng: Rng): Pattern[] {
  const count = params.L ?? 2000;
  const correlation = params.correlation ?? 0.5;
  const patterns: Pattern[] = [];
  let previous: number[] = [];
  for (let p = 0; p < count; p++) {
    const size = Math.min(params.N, Math.max(1, poisson(params.I, rng)));
    const items = new Set<number>();
    const fromPrevious = Math.min(
      previous.length,
      Math.round(size * Math.min(1, exponential(correlation, rng))),
    );
    for (const index of rng.sample(previous.length, fromPrevious)) items.add(previous[index]);
    while (items.size < size) items.add(rng.int(params.N));
    previous = [...items];
    patterns.push({
      items: previous,
      weight: exponential(1, rng),
      corruption: clamp(normal(0.5, 0.1, rng), 0, 1),
    });
  }
  return patterns;
}

function corrupt(pattern: Pattern, rng: Rng): number[] {
  const items = [...pattern.items];
  while (items.length > 0 && rng.float() < pattern.corruption) items.splice(rng.int(items.length), 1);
  return items;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
