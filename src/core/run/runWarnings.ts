/**
 * Warnings of a run (DESIGN.md sec. 5 `warnings`): a setting that makes the numbers meaningless, or
 * a release that kept too little to compare, said in one sentence each:
 * - sensitive items held by fewer than 1% of the rows (every p-degree method then publishes almost
 *   every row unchanged and they all score about the same);
 * - a sensitive item so common that p is barely feasible (2p·f_s > n: a few huge groups);
 * - k above the support of most items (they can only be generalized or suppressed);
 * - m above the length of most rows (k^m then asks whole rows to repeat k times);
 * - a release that empties or suppresses most of the data, or generalizes or suppresses more than
 *   half of the input's item occurrences (issue 32: apriori-km over an alphabetical hierarchy
 *   published every one of a grocery file's 169 items as a range, with a plain ✓); the page then
 *   shows a "read with care" box that measures what would lose less on the file;
 * - a differential-privacy release that publishes little (dpPublishedLittle.ts: DiffPart's 0 rows);
 * - a differential-privacy run whose item domain is the data's own items (DiffPart without a
 *   hierarchy, PrivBasis and PrivBayes without `items`): DP then holds only if that item set is public (a catalogue, a
 *   questionnaire's answers), since an item held by one row is itself a fact about that row.
 */
import { count, percent } from '../base/format.ts';
import type { Dataset } from '../data/dataset.ts';
import { itemSupports } from '../data/stats.ts';
import { ItemRows } from '../data/itemRows.ts';
import type { MethodParams } from '../methods/types.ts';
import type { ReleaseFacts } from '../metrics/summary/releaseFacts.ts';
import type { Release } from '../release/types.ts';
import { dpPublishedLittle } from './dpPublishedLittle.ts';
import { SEEDED_MARK } from './seededReplay.ts';

/** Above this share a setting or a loss is "most". */
const MOST = 0.5;
const RARE_SENSITIVE = 0.01;

export function runWarnings(
  dataset: Dataset,
  params: MethodParams,
  sensitive: readonly number[],
  facts: ReleaseFacts,
  release?: Release,
): string[] {
  const n = dataset.n;
  if (n === 0) return [];
  const warnings: string[] = [];
  const supports = itemSupports(dataset);
  // The sensitive items' warnings speak of p-degree groups; hkp-coherence's private items form none.
  if (sensitive.length > 0 && release?.model !== 'hkp-coherence') {
    const holders = rowsHoldingAny(dataset, sensitive);
    if (holders < RARE_SENSITIVE * n)
      warnings.push(
        `The ${sensitive.length} sensitive item(s) are held by ${count(holders)} of ${count(n)} rows (${percent(holders / n)}): almost every row is published as it is, so every p-degree method scores about the same. Choose items of moderate support (the band choice).`,
      );
    const p = Number(params.p);
    for (const id of sensitive)
      if (p > 0 && 2 * p * supports[id] > n)
        warnings.push(
          `Sensitive item '${dataset.dictionary.token(id)}' is held by ${count(supports[id])} rows (${percent(supports[id] / n)}): p = ${p} needs ${p} rows per holder in its group, so the groups grow huge and say little. Choose rarer items or a smaller p.`,
        );
  }
  const k = Number(params.k);
  if (k > 1) {
    let below = 0;
    for (const s of supports) if (s < k) below++;
    if (below > MOST * supports.length)
      warnings.push(
        `k = ${k} is above the support of ${percent(below / supports.length)} of the items: those can be published only generalized or not at all.`,
      );
  }
  const m = Number(params.m);
  if (m > 1) {
    let shorter = 0;
    for (let r = 0; r < n; r++) if (dataset.rowLength(r) < m) shorter++;
    if (shorter > MOST * n)
      warnings.push(
        `m = ${m} is longer than ${percent(shorter / n)} of the rows: for those, k^m-anonymity asks the whole row to occur k times.`,
      );
  }
  const emptied = facts.rows_emptied ?? 0;
  if (emptied > MOST * n)
    warnings.push(`The release empties ${percent(emptied / n)} of the rows: the metrics compare little.`);
  const lost = release ? occurrencesLost(dataset, release, facts) : 0;
  const occurrences = dataset.items.length;
  if (occurrences > 0 && lost > MOST * occurrences)
    warnings.push(
      `The release generalizes or suppresses ${percent(lost / occurrences)} of the item occurrences (${count(lost)} of ${count(occurrences)}): read its numbers with care, and compare another method or setting on this file.`,
    );
  // An itemsets release publishes its top k, not every item: no item is dropped from rows.
  if (facts.publishes !== 'itemsets' && facts.items_suppressed > MOST * facts.items_before)
    warnings.push(
      `The release drops ${count(facts.items_suppressed)} of the ${count(facts.items_before)} items altogether.`,
    );
  const little = release ? dpPublishedLittle(release, params, n) : null;
  if (little) warnings.push(little);
  const domain = release ? domainFromData(release, params, supports) : null;
  if (domain) warnings.push(domain);
  // DESIGN.md sec. 8: a seeded DP release is marked whatever else it says (run/seededReplay.ts).
  if (release?.noise?.source === 'seed')
    warnings.push(
      `${SEEDED_MARK}: the noise was drawn from seed ${release.seed}, so anyone with the seed can redraw and remove it. Run without --seed for a release to publish.`,
    );
  return warnings;
}

/**
 * The warning of a differential-privacy run whose public item domain was taken from the data (no
 * `hierarchy` given): the guarantee assumes the domain is public, so say so, with the number of
 * items held by a single row (the ones whose mere presence in the domain would tell on that row).
 */
function domainFromData(release: Release, params: MethodParams, supports: ArrayLike<number>): string | null {
  if (release.model !== 'differential-privacy') return null;
  if (typeof params.hierarchy === 'string' && params.hierarchy.trim() !== '') return null;
  if (typeof params.items === 'string' && params.items.trim() !== '') return null;
  let once = 0;
  for (let id = 0; id < supports.length; id++) if (supports[id] === 1) once++;
  return (
    `The item domain is this file's own ${count(supports.length)} items: ε-differential privacy holds only if that list is public (a catalogue, a questionnaire's answers)` +
    (once > 0 ? `; ${count(once)} of them occur in a single row, and listing them tells on that row` : '') +
    '. Give the public domain as a hierarchy (DiffPart) or an item list (--items: PrivBasis, PrivBayes).'
  );
}

/**
 * Item occurrences of the input that the release does not publish as themselves: for `generalized`
 * releases those of items published inside a generalized item or suppressed, for `transactions`
 * releases those taken from their rows; `groups` and `buckets` publish every occurrence (0).
 */
export function occurrencesLost(dataset: Dataset, release: Release, facts: ReleaseFacts): number {
  // Synthetic rows (DiffPart) are linked to no input row: none is counted as lost from one.
  if (release.kind === 'transactions') return facts.occurrences_removed ?? 0;
  if (release.kind !== 'generalized') return 0;
  const supports = itemSupports(dataset);
  let lost = 0;
  const add = (token: string) => {
    const id = dataset.dictionary.find(token);
    if (id !== undefined) lost += supports[id];
  };
  for (const token of release.suppressed) add(token);
  for (const members of Object.values(release.generalized)) for (const token of members) add(token);
  return lost;
}

/** Rows holding one of `items` at least: their tid-lists' union (built with the metrics' lists). */
function rowsHoldingAny(dataset: Dataset, items: readonly number[]): number {
  const lists = ItemRows.ofItems(dataset, items);
  const held = new Uint8Array(dataset.n);
  let rows = 0;
  for (const id of items)
    for (const r of lists.rowsOf(id))
      if (held[r] === 0) {
        held[r] = 1;
        rows++;
      }
  return rows;
}
