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
import { DatasetBuilder } from './datasetBuilder.ts';
import { ItemDictionary } from './itemDictionary.ts';
import { createRng, type Rng } from '../base/rng.ts';

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
    emit([...row]);
  }
}

/**
 * The generated transactions as a Dataset (items named by their number, as in FIMI files). Each row
 * is taken in ascending order, as questFimi and `cli generate` write it, so item ids come out in the
 * same order as when that file is parsed: a run's reproducing command (`--sensitive-random` draws
 * ids) then picks the same items on the page and in the CLI.
 */
export function questDataset(params: QuestParams): Dataset {
  const dictionary = new ItemDictionary();
  const builder = new DatasetBuilder(dictionary);
  generateQuest(params, (row) =>
    builder.addIds(row.sort((a, b) => a - b).map((item) => dictionary.idOf(String(item)))),
  );
  return builder.build(questName(params), 'synthetic');
}

/** The generated transactions as FIMI text. */
export function questFimi(params: QuestParams): string {
  const lines: string[] = [];
  generateQuest(params, (row) => lines.push(row.sort((a, b) => a - b).join(' ')));
  return lines.join('\n') + '\n';
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

function cumulativeWeights(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w));
  return out;
}

function pickWeighted(cumulative: Float64Array, rng: Rng): number {
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

/** Poisson draw (Knuth for small means, normal approximation above 30). */
function poisson(mean: number, rng: Rng): number {
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

function exponential(mean: number, rng: Rng): number {
  return -mean * Math.log(1 - rng.float());
}

function normal(mean: number, sd: number, rng: Rng): number {
  const u = 1 - rng.float();
  const v = rng.float();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
