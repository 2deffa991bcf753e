/**
 * An `itemsets` release as data (DESIGN.md sec. 4: "itemsets export as itemset,support"): one line
 * per published itemset, its items written as R arules labels them, `{a,b}` (items in token order),
 * and its noisy support; a field is CSV-quoted when it needs it (`"{whole milk,yogurt}"`).
 */
import { writeCsvTable } from './csvField.ts';
import type { TextWriter } from './textWriter.ts';
import type { ItemsetsRelease } from '../itemsets.ts';

export function writeItemsetsCsv(out: TextWriter, release: ItemsetsRelease): void {
  writeCsvTable(
    out,
    ['itemset', 'support'],
    release.itemsets.map((s) => [`{${s.items.join(',')}}`, String(s.support)]),
  );
}
