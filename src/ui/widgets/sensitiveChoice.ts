/** Sensitive items as the forms take them (a kind and a text) turned into a SensitiveChoice. */
import type { SensitiveChoice } from '../../core/data/sensitive.ts';

/** The band choice in words (data/sensitive.ts): m items of moderate support, p kept feasible. */
export const BAND_LABEL = 'm of moderate support (band)';

/** What the band choice does, in a sentence under the field. */
export const BAND_HELP =
  'm items drawn at random (seeded) among those held by 1% to 10% of the rows, and by at most n/(2p) so p stays feasible; the run says which band it used.';

export type SensitiveKind = 'band' | 'random' | 'top' | 'items';

/** m for band/random/top, comma-separated tokens for items; throws naming what was expected. */
export function parseSensitiveChoice(kind: SensitiveKind, text: string): SensitiveChoice {
  if (kind === 'items') {
    const items = text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    if (items.length === 0) throw new Error('sensitive items: expected comma-separated item names');
    return { items };
  }
  const m = Number(text);
  if (!Number.isInteger(m) || m < 1) throw new Error('sensitive items: expected a whole number m >= 1');
  if (kind === 'band') return { band: m };
  return kind === 'top' ? { top: m } : { random: m };
}
