/**
 * An `itemsets` release as data (DESIGN.md sec. 4: "itemsets export as itemset,support"): one line
 * per published itemset, its items written as R arules labels them, `{a,b}` (items in token order),
 * and its noisy support; a field is CSV-quoted when it needs it (`"{whole milk,yogurt}"`).
 */
import { csvTableBytes } from './csvField.ts';
import type { Utf8Parts } from './textWriter.ts';
import type { ItemsetsRelease } from '../itemsets.ts';

export function itemsetsCsvBytes(release: ItemsetsRelease): Utf8Parts {
  return csvTableBytes(
    ['itemset', 'support'],
    release.itemsets.map((s) => [`{${s.items.join(',')}}`, String(s.support)]),
  );
}
