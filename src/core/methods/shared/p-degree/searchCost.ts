/**
 * What NNGroup's nearest-neighbour search costs (Ghinita Fig. 3, exact; Fig. 5's LSH walks the same
 * lists and stops later), estimated before it starts, and a run refused up front when it would not
 * end in SEARCH_LIMIT_S of CPU (issue 31: 10 minutes). A sensitive row's search walks the
 * item-to-rows lists of its QID items (exactNeighbours.ts), so the whole search walks about
 * sum over sensitive rows t of sum over t's QID items of their support: on dense data that is
 * quadratic in the rows, since both the sensitive rows and the lists grow with n. On the Netflix
 * shape (209 items a row, 10 sensitive items of 1-5% support) it is 2.0e10 entries at 50,000 rows
 * (68 s of CPU measured: 3.4 ns an entry, the walk skipping the lists its distance bound allows)
 * and 1.4e12 at 480,189 rows: about 90 minutes. The refusal names what fits: the sensitive items
 * whose rows' searches fit (cheapest first), the rows of this density that would, and the methods
 * that search 2·alpha·p neighbours in an order instead (CAHD, Sec. 5.3).
 */
import { InputError } from '../../../base/errors.ts';
import { itemSupports } from '../../../data/stats.ts';
import { count } from '../../../base/format.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

/** CPU seconds a search may take. */
export const SEARCH_LIMIT_S = 600;
/** Nanoseconds of CPU per list entry walked (measured 3.4 on the Netflix shape; a margin above). */
const NS_PER_ENTRY = 4;

/**
 * The list entries the search walks in all, and those of each sensitive item's rows (a row
 * holding two is counted with each).
 */
export function searchEntries(rows: SensitiveRows): { entries: number; perItem: Map<number, number> } {
  const supports = itemSupports(rows.dataset);
  const perItem = new Map<number, number>();
  let entries = 0;
  for (const t of rows.sensitiveRows) {
    const qid = rows.qid(t);
    let walk = 0;
    for (let k = 0; k < qid.length; k++) walk += supports[qid[k]];
    entries += walk;
    for (const s of rows.sensitiveOf[t]) perItem.set(s, (perItem.get(s) ?? 0) + walk);
  }
  return { entries, perItem };
}

/**
 * Refuses (an InputError naming what fits) a search estimated above `limit` seconds; `factor` is the
 * method's walk cost against the exact search's (LSH reads on further).
 */
export function assertSearchFits(
  rows: SensitiveRows,
  method: string,
  factor = 1,
  limit = SEARCH_LIMIT_S,
): void {
  const { entries, perItem: byItem } = searchEntries(rows);
  const nsPerEntry = NS_PER_ENTRY * factor;
  const seconds = (entries * nsPerEntry) / 1e9;
  if (seconds <= limit) return;
  const { dataset } = rows;
  const perItem = [...byItem].sort((a, b) => a[1] - b[1]);
  const fitting: string[] = [];
  let spent = 0;
  for (const [s, walk] of perItem) {
    if (((spent + walk) * nsPerEntry) / 1e9 > limit) break;
    spent += walk;
    fitting.push(dataset.dictionary.token(s));
  }
  const rowsFitting = Math.floor(dataset.n * Math.sqrt(limit / seconds));
  const minutes = (s: number) => (s < 90 ? `${Math.round(s)} s` : `${Math.round(s / 60)} minutes`);
  const items =
    fitting.length > 0
      ? `${fitting.length} of these ${rows.sensitive.length} sensitive items (--sensitive ${fitting.join(',')}, about ${minutes((spent * nsPerEntry) / 1e9)})`
      : `none of these sensitive items alone`;
  const walked = entries >= 1e9 ? `${count(Math.round(entries / 1e9))} billion` : count(entries);
  throw new InputError(
    `${method}: the nearest-neighbour search (Ghinita Fig. 3) would walk ${walked} item-row entries for the ${count(rows.sensitiveRows.length)} sensitive rows of ${count(dataset.n)} (${count(Math.round(entries / Math.max(1, rows.sensitiveRows.length)))} each): about ${minutes(seconds)} of CPU, above the ${minutes(limit)} a run may take. ` +
      `What fits: ${items}; or about ${count(rowsFitting)} rows of this density; or gray-cahd or rcm-cahd, which search 2·alpha·p neighbours in an order (Sec. 5.3).`,
  );
}
