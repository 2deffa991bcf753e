/**
 * Choosing the sensitive items S (DESIGN.md sec. 2): by token, the m most frequent, m at random
 * with a seed, or m at random from a *support band* (`band`). The rest are the quasi-identifier items.
 *
 * The band is what makes a p-degree study meaningful (issue 16): Ghinita Sec. 6 draws 5-20 sensitive
 * items at random, but on a real retail log ten random items may be held by 0.1% of the rows (every
 * method then scores about the same), and the most frequent ones (whole milk) are held by so many
 * rows that p is barely feasible. The band keeps items held by at least 1% of the rows and at most
 * min(10%, 1/(2p)) of them (2p·f_s <= n leaves room for p; p = 10 when none is given). When fewer
 * than m items lie in it, its floor drops to 0.1% of the rows, then to one row, and as a last step
 * its ceiling rises to n/p (the feasibility bound); with still fewer than m it is an input error.
 */
import type { Dataset } from './dataset.ts';
import { itemSupports } from './stats.ts';
import { createRng } from '../base/rng.ts';
import { InputError } from '../base/errors.ts';
import { count, percent } from '../base/format.ts';

export type SensitiveChoice = { items: string[] } | { top: number } | { random: number } | { band: number };

/** The p the band is sized for when the request names none. */
const DEFAULT_BAND_P = 10;

export interface SupportBand {
  /** Supports (rows) from lo to hi, inclusive. */
  lo: number;
  hi: number;
  /** The item ids whose support lies in the band, ascending. */
  items: number[];
  /**
   * How the band was stretched to hold m items: `floor`, below 1% of the rows; `ceiling`, up to
   * n/p, where items are too common for p to do its work (runWarnings names them). Absent: neither.
   */
  stretched?: 'floor' | 'ceiling';
}

/** The support band holding at least m items for privacy degree p (see the module comment). */
export function supportBand(dataset: Dataset, m: number, p = DEFAULT_BAND_P): SupportBand {
  const n = dataset.n;
  const supports = itemSupports(dataset);
  const inBand = (lo: number, hi: number) => {
    const items: number[] = [];
    for (let id = 0; id < supports.length; id++) if (supports[id] >= lo && supports[id] <= hi) items.push(id);
    return { lo, hi, items };
  };
  const hi = Math.max(1, Math.floor(Math.min(0.1 * n, n / (2 * p))));
  const floors = [Math.ceil(0.01 * n), Math.ceil(0.001 * n), 1].map((lo) => Math.max(1, Math.min(lo, hi)));
  for (const lo of floors) {
    const band = inBand(lo, hi);
    if (band.items.length >= m) return lo < floors[0] ? { ...band, stretched: 'floor' } : band;
  }
  const widest = inBand(1, Math.max(1, Math.floor(n / p)));
  if (widest.items.length >= m) return { ...widest, stretched: 'ceiling' };
  throw new InputError(
    `only ${widest.items.length} item(s) of ${dataset.name} are held by at most n/p = ${Math.floor(n / p)} rows, fewer than the ${m} sensitive items asked for: choose fewer items or a smaller p`,
  );
}

/** Sensitive item ids, ascending. `seed` drives the random choices; `p` sizes the band. */
export function chooseSensitive(
  dataset: Dataset,
  choice: SensitiveChoice | undefined,
  seed: number,
  p?: number,
): number[] {
  if (!choice) return [];
  if ('items' in choice) {
    const repeated = choice.items.find((token, i) => choice.items.indexOf(token) !== i);
    if (repeated !== undefined) throw new InputError(`sensitive item '${repeated}' is named twice`);
    return choice.items
      .map((token) => {
        const id = dataset.dictionary.find(token);
        if (id === undefined)
          throw new InputError(`sensitive item '${token}' does not occur in ${dataset.name}`);
        return id;
      })
      .sort((a, b) => a - b);
  }
  const m = countOf(choice);
  if (!Number.isInteger(m) || m < 0 || m > dataset.d) {
    throw new InputError(`the number of sensitive items must be between 0 and ${dataset.d}, got ${m}`);
  }
  if ('top' in choice) {
    const supports = itemSupports(dataset);
    const bySupport = Array.from(supports.keys()).sort((a, b) => supports[b] - supports[a] || a - b);
    return bySupport.slice(0, m).sort((a, b) => a - b);
  }
  if ('band' in choice) {
    const band = supportBand(dataset, m, p);
    return createRng(seed)
      .sample(band.items.length, m)
      .map((k) => band.items[k])
      .sort((a, b) => a - b);
  }
  return createRng(seed)
    .sample(dataset.d, m)
    .sort((a, b) => a - b);
}

function countOf(choice: Exclude<SensitiveChoice, { items: string[] }>): number {
  if ('top' in choice) return choice.top;
  if ('band' in choice) return choice.band;
  return choice.random;
}

/** How the sensitive items were chosen, in one sentence for the run's summary. */
export function describeSensitive(
  dataset: Dataset,
  choice: SensitiveChoice | undefined,
  seed: number,
  p?: number,
): string | undefined {
  if (!choice) return undefined;
  if ('items' in choice) return `${choice.items.length} sensitive item(s) named by the user.`;
  if ('top' in choice) return `The ${choice.top} most frequent items are sensitive.`;
  if ('random' in choice) return `${choice.random} items drawn at random (seed ${seed}) from all items.`;
  const band = supportBand(dataset, choice.band, p);
  const share = (rows: number) => percent(rows / Math.max(1, dataset.n));
  const degree = p ?? DEFAULT_BAND_P;
  const why =
    band.stretched === 'ceiling'
      ? `fewer than ${choice.band} items are both held by 1% of the rows and rare enough for p = ${degree} (at most 1 row in ${2 * degree}), so the band reaches n/p, where p is barely feasible.`
      : band.stretched === 'floor'
        ? `fewer than ${choice.band} items rare enough for p = ${degree} are held by 1% of the rows, so rarer ones are drawn too.`
        : `frequent enough to matter, rare enough for p = ${degree}.`;
  return (
    `${choice.band} items drawn at random (seed ${seed}) from the ${band.items.length} items held by ` +
    `${count(band.lo)} to ${count(band.hi)} of the ${count(dataset.n)} rows ` +
    `(${share(band.lo)} to ${share(band.hi)}): ${why}`
  );
}
