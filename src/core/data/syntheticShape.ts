/**
 * Seeded synthetic transactions shaped like real high-dimensional data (DESIGN.md sec. 6
 * `generate`): heavy-tailed row lengths with a maximum and Zipf item popularity, so that a dataset
 * shaped like PatternKa's Netflix set (Table 6: 410,201 rows, 4,496 items, average 13.4, maximum
 * 2,060) or a large retail log can be made for benchmarks.
 * - Row lengths: a lognormal rounded to an integer and clamped to [1, maxLength] (user activity and
 *   basket sizes are close to lognormal). Its two parameters are set so that the mean length is T
 *   exactly (the rounding and the clamping included) and so that about CAPPED_ROWS of the D rows
 *   reach maxLength: the sample's longest row is then maxLength or close to it, with the bulk of
 *   the rows short.
 * - Items: popularity by rank follows Zipf's law, weight (rank + 1)^-zipf; a row draws its items
 *   without replacement in proportion to those weights (few rows hold the most popular items more
 *   than once in a draw, so the supports of the top ranks flatten where rows saturate). Ranks are
 *   given item numbers 0..N-1 by a seeded permutation, so popularity does not follow the number
 *   (as with Netflix's movie ids): a method that orders items by token sees no hidden order.
 * Rows are independent: the data has the lengths and supports of real data, no planted patterns
 * (the IBM Quest mode, synthetic.ts, plants them).
 */
import { createRng, type Rng } from '../base/rng.ts';
import { cumulativeWeights, normalCdf, pickWeighted } from '../base/draws.ts';
import type { Dataset } from './dataset.ts';
import { generatedDataset, generatedFimi } from './syntheticRows.ts';

export interface ShapeParams {
  /** Transactions. */
  D: number;
  /** Items. */
  N: number;
  /** Average row length. */
  T: number;
  /** Longest row length. */
  maxLength: number;
  /** Zipf exponent of item popularity (0: uniform). */
  zipf: number;
  seed: number;
}

/** The shapes named in DESIGN.md sec. 6 (`cli generate --shape`); seed 1. */
export const SHAPES = {
  /** PatternKa Table 6: Netflix combined_data_1 as set-valued data. */
  netflix: { D: 410_201, N: 4_496, T: 13.4, maxLength: 2_060, zipf: 1, seed: 1 },
  /** A large retail log: 100,000 baskets of 20,000 items, lengths as in FIMI's retail (avg 10.3, max 76). */
  retail: { D: 100_000, N: 20_000, T: 10.3, maxLength: 76, zipf: 1, seed: 1 },
} as const satisfies Record<string, ShapeParams>;

/** Expected number of rows whose length reaches maxLength (see the module comment). */
export const CAPPED_ROWS = 3;

export function shapeName(p: ShapeParams): string {
  return `D${p.D}N${p.N}T${p.T}M${p.maxLength}Z${p.zipf}-seed${p.seed}`;
}

/** Checks the params, throwing a RangeError that names the first one out of range. */
export function checkShape(p: ShapeParams): void {
  const whole = (name: keyof ShapeParams, min: number) => {
    if (!Number.isInteger(p[name]) || p[name] < min)
      throw new RangeError(`${name} must be an integer >= ${min}, got ${p[name]}`);
  };
  whole('D', 1);
  whole('N', 1);
  whole('maxLength', 1);
  whole('seed', 0);
  const longest = Math.min(p.maxLength, p.N);
  if (!(p.T >= 1 && p.T <= longest))
    throw new RangeError(`T (average length) must lie in [1, ${longest}] (maxLength and N), got ${p.T}`);
  if (!(p.zipf >= 0 && p.zipf <= 5)) throw new RangeError(`zipf must lie in [0, 5], got ${p.zipf}`);
}

/** Generates the transactions one by one and hands each (item numbers, unsorted) to `emit`. */
export function generateShape(params: ShapeParams, emit: (row: number[]) => void): void {
  for (const row of shapeRows(params)) emit(row);
}

/** The transactions one by one (item numbers, unsorted), so that a writer can pause between rows. */
export function* shapeRows(params: ShapeParams): Generator<number[]> {
  checkShape(params);
  const rng = createRng(params.seed);
  const lengths = cumulativeWeights(lengthDistribution(params));
  const numberOfRank = rng.shuffle(Array.from({ length: params.N }, (_, i) => i));
  const draw = new ItemDraw(params.N, params.zipf);
  for (let t = 0; t < params.D; t++) {
    const length = pickWeighted(lengths, rng) + 1;
    yield draw.row(length, rng).map((rank) => numberOfRank[rank]);
  }
}

export function shapeDataset(params: ShapeParams): Dataset {
  return generatedDataset(shapeName(params), (emit) => generateShape(params, emit));
}

export function shapeFimi(params: ShapeParams): string {
  return generatedFimi((emit) => generateShape(params, emit));
}

/**
 * P(length = l) for l = 1..L (L = min(maxLength, N)), at index l - 1: a lognormal (mu, sigma)
 * rounded to the nearest integer, everything below 1.5 at 1 and everything above L - 0.5 at L.
 * sigma is chosen (bisection) so that D * P(L) = CAPPED_ROWS, mu (bisection, inside) so that the
 * mean is T. When T is L or 1, every row has that length.
 */
export function lengthDistribution(params: ShapeParams): Float64Array {
  const longest = Math.min(params.maxLength, params.N);
  if (params.T >= longest || longest === 1) return oneLength(longest, longest);
  if (params.T <= 1) return oneLength(longest, 1);
  // log(l + 0.5): the rounding edges between lengths l and l + 1.
  const logEdges = Float64Array.from({ length: longest - 1 }, (_, i) => Math.log(i + 1.5));
  const withSigma = (sigma: number) => {
    const mu = bisect(-20, Math.log(longest) + 20, (m) => mean(probabilities(m, sigma, logEdges)) < params.T);
    return probabilities(mu, sigma, logEdges);
  };
  const target = CAPPED_ROWS / params.D;
  // More spread at the same mean puts more mass at the cap.
  const sigma = bisect(0.01, 6, (s) => withSigma(s)[longest - 1] < target);
  return withSigma(sigma);
}

function oneLength(longest: number, length: number): Float64Array {
  const p = new Float64Array(longest);
  p[length - 1] = 1;
  return p;
}

function probabilities(mu: number, sigma: number, logEdges: Float64Array): Float64Array {
  const longest = logEdges.length + 1;
  const p = new Float64Array(longest);
  let below = 0;
  for (let l = 1; l < longest; l++) {
    const upTo = normalCdf((logEdges[l - 1] - mu) / sigma);
    p[l - 1] = upTo - below;
    below = upTo;
  }
  p[longest - 1] = 1 - below;
  return p;
}

function mean(p: Float64Array): number {
  let sum = 0;
  p.forEach((q, i) => (sum += q * (i + 1)));
  return sum;
}

/** The x in [lo, hi] where `below(x)` turns false (it must be true at lo and false at hi to move). */
function bisect(lo: number, hi: number, below: (x: number) => boolean): number {
  for (let i = 0; i < 48; i++) {
    const mid = (lo + hi) / 2;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Draws without replacement of ranks 0..N-1 by Zipf weight. A row of up to N / 8 items draws one
 * rank at a time and skips ranks it already holds (few repeats while the row holds a small share
 * of the weight); a longer row takes the `length` largest keys u^(1 / w) (Efraimidis and
 * Spirakis, "Weighted random sampling with a reservoir", IPL 2006), one key per rank, so it never
 * loops on the last heavy ranks.
 */
class ItemDraw {
  private readonly weights: Float64Array;
  private readonly cumulative: Float64Array;
  private readonly stamp: Int32Array;
  private rowIndex = 0;

  constructor(
    private readonly n: number,
    zipf: number,
  ) {
    this.weights = Float64Array.from({ length: n }, (_, rank) => (rank + 1) ** -zipf);
    this.cumulative = cumulativeWeights(this.weights);
    this.stamp = new Int32Array(n).fill(-1);
  }

  row(length: number, rng: Rng): number[] {
    return length * 8 <= this.n ? this.oneByOne(length, rng) : this.byKeys(length, rng);
  }

  private oneByOne(length: number, rng: Rng): number[] {
    const row: number[] = [];
    const stamp = ++this.rowIndex;
    while (row.length < length) {
      const rank = pickWeighted(this.cumulative, rng);
      if (this.stamp[rank] === stamp) continue;
      this.stamp[rank] = stamp;
      row.push(rank);
    }
    return row;
  }

  private byKeys(length: number, rng: Rng): number[] {
    // log(u) / w orders the ranks as u^(1/w) does, without underflow for small weights.
    const keys = Float64Array.from(this.weights, (w) => Math.log(1 - rng.float()) / w);
    const ranks = Array.from({ length: this.n }, (_, rank) => rank);
    ranks.sort((a, b) => keys[b] - keys[a] || a - b);
    return ranks.slice(0, length);
  }
}
