/**
 * A retail-log-shaped dataset for the apriori-km benchmark until the generator's Zipf shape
 * (issue 18) lands: D rows over N items whose popularity follows Zipf's law (item of rank r drawn
 * with probability proportional to 1 / r^s), row lengths 1 + Poisson(T - 1) (the mean is T), items
 * distinct within a row, ids shuffled so that id order says nothing about popularity. Seeded (the
 * project's RNG): the same arguments give the same file. FIMI text, one row a line.
 */
import { createRng } from '../src/core/base/rng.ts';

export interface ZipfShape {
  D: number;
  N: number;
  T: number;
  s: number;
  seed: number;
}

export function zipfRows(shape: ZipfShape, emit: (row: number[]) => void): void {
  const rng = createRng(shape.seed);
  const cumulative = new Float64Array(shape.N);
  let total = 0;
  for (let r = 0; r < shape.N; r++) cumulative[r] = total += 1 / (r + 1) ** shape.s;
  const idOfRank = rng.shuffle(Array.from({ length: shape.N }, (_, i) => i));
  const draw = () => {
    const u = rng.float() * total;
    let lo = 0;
    let hi = shape.N - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return idOfRank[lo];
  };
  const poisson = (mean: number) => {
    // Knuth's method in steps of 10 (exp(-mean) underflows for large means).
    let count = 0;
    for (let left = mean; left > 0; left -= 10) {
      const limit = Math.exp(-Math.min(10, left));
      let p = rng.float();
      while (p > limit) {
        count++;
        p *= rng.float();
      }
    }
    return count;
  };
  for (let d = 0; d < shape.D; d++) {
    const length = Math.min(shape.N, 1 + poisson(shape.T - 1));
    const row = new Set<number>();
    while (row.size < length) row.add(draw());
    emit([...row].sort((a, b) => a - b));
  }
}

export function zipfText(shape: ZipfShape): string {
  const lines: string[] = [];
  zipfRows(shape, (row) => lines.push(row.join(' ')));
  return lines.join('\n') + '\n';
}
