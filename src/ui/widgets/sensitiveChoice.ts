/** Sensitive items as the forms take them (a kind and a text) turned into a SensitiveChoice. */
import type { SensitiveChoice } from '../../core/data/sensitive.ts';

export type SensitiveKind = 'random' | 'top' | 'items';

/** m for random/top, comma-separated tokens for items; throws naming what was expected. */
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
  return kind === 'top' ? { top: m } : { random: m };
}
