/**
 * The plain summary of a run (DESIGN.md sec. 5 `summary`), its warnings and the sensitive-item band:
 * the facts equal a naive recount from release + audit on random data (fast-check), the frequent
 * pairs share is 1 for a release equal to its input and 0 when every row is emptied, the band never
 * picks the most frequent items and keeps p feasible, and each warning fires when its setting does.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { InputError } from '../src/core/base/errors.ts';
import { chooseSensitive, describeSensitive, supportBand } from '../src/core/data/sensitive.ts';
import { itemSupports } from '../src/core/data/stats.ts';
import { frequentPairFacts } from '../src/core/metrics/summary/frequentPairs.ts';
import { rowExamples } from '../src/core/metrics/summary/rowExamples.ts';
import type { Release, RowsAudit, TransactionsRelease } from '../src/core/release/types.ts';
import { summaryLines } from '../src/ui/anonymize/summaryText.ts';
import { percent } from '../src/core/base/format.ts';
import { arbitraryRows, datasetOf, typed } from './helpers.ts';
import { tokenArrays } from '../src/core/release/tokenRows.ts';

/** The run of `request` on the rows, or null when the setting is infeasible for them. */
function runOf(rows: number[][], request: Omit<RunRequest, 'seed' | 'metrics'>) {
  try {
    return runMethod(datasetOf(rows), { ...request, seed: 1, metrics: [] });
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

/** What became of each input item and row, recounted naively from the published rows. */
function recount(input: string[][], release: Release, rowOf: ArrayLike<number>) {
  const published = 'transactions' in release ? tokenArrays(release.transactions) : [];
  const labelOf = new Map<string, string>();
  if (release.kind === 'generalized')
    for (const [label, members] of Object.entries(release.generalized))
      for (const t of members) labelOf.set(t, label);
  const shown = new Set(published.flat());
  const inputItems = new Set(input.flat());
  const kept = [...inputItems].filter((t) => shown.has(t)).length;
  const generalized = [...inputItems].filter((t) => !shown.has(t) && shown.has(labelOf.get(t) ?? '')).length;
  let added = 0;
  let removed = 0;
  let emptied = 0;
  published.forEach((row, p) => {
    const source = input[rowOf[p]];
    const mapped = new Set(source.map((t) => labelOf.get(t) ?? t));
    added += row.filter((t) => !mapped.has(t)).length;
    removed += source.filter((t) => !row.includes(labelOf.get(t) ?? t)).length;
    if (row.length === 0 && source.length > 0) emptied++;
  });
  return {
    items_kept: kept,
    items_generalized: generalized,
    items_suppressed: inputItems.size - kept - generalized,
    items_added: [...shown].filter((t) => !inputItems.has(t)).length,
    occurrences_added: added,
    occurrences_removed: removed,
    rows_emptied: emptied,
    items_after: shown.size,
  };
}

describe('release facts equal a naive recount', () => {
  for (const request of [
    { method: 'pta', params: { k: 3 } },
    { method: 'patternka', params: { k: 2 } },
    { method: 'coat', params: { k: 3, m: 2 } },
    { method: 'apriori-km', params: { k: 2, m: 2 } },
  ])
    it(request.method, () =>
      fc.assert(
        fc.property(arbitraryRows(20, 40, 6), (rows) => {
          const run = runOf(rows, request);
          fc.pre(run !== null);
          const input = rows.map((row) => row.map(String));
          const facts = run!.record.summary;
          expect(facts).toMatchObject(recount(input, run!.release, (run!.audit as RowsAudit).rowOf));
          expect(facts.rows_before).toBe(rows.length);
          expect(facts.items_before).toBe(new Set(rows.flat()).size);
        }),
        { numRuns: 30 },
      ),
    );

  it('groups and buckets keep every item and row', () => {
    fc.assert(
      fc.property(arbitraryRows(15, 40, 6), (rows) => {
        for (const request of [
          { method: 'anatomy', params: { p: 2 }, sensitive: { top: 2 } },
          { method: 'multi-anatomy', params: { l: 2, columns: 2 } },
        ]) {
          const run = runOf(rows, request);
          if (!run) continue;
          const d = new Set(rows.flat()).size;
          expect(run.record.summary).toMatchObject({
            items_kept: d,
            items_suppressed: 0,
            rows_emptied: 0,
            rows_after: rows.length,
          });
          expect(run.record.summary.avg_items_after).toBeCloseTo(run.record.summary.avg_items_before, 10);
          // A group's sensitive items are published as its counts: every occurrence of them, and
          // the rows that held nothing else; a bucket publishes every item in a row of its columns.
          const sensitive = new Set(run.release.kind === 'groups' ? run.release.sensitive : []);
          const asCounts = rows.flat().filter((item) => sensitive.has(String(item))).length;
          const countsOnly = rows.filter(
            (row) => row.length > 0 && row.every((i) => sensitive.has(String(i))),
          ).length;
          expect(run.record.summary).toMatchObject({
            occurrences_as_counts: asCounts,
            rows_as_counts_only: countsOnly,
          });
        }
      }),
      { numRuns: 20 },
    );
  });
});

/** A hand-made `transactions` release publishing `transactions`. */
const transactionsOf = (transactions: string[][]): TransactionsRelease =>
  typed({
    format: 'txanon-release/1',
    model: 'k-anonymity',
    method: 'test',
    params: { k: 1 },
    seed: 1,
    sensitive: [],
    kind: 'transactions',
    transactions,
  });

describe('frequent pairs counted within a budget linear in the data', () => {
  /** The facts counted naively: the pairs (>= 1% of rows) of the f most supported eligible items. */
  function naive(rows: number[][], budget: number) {
    const n = rows.length;
    const threshold = Math.max(1, Math.ceil(0.01 * n));
    const support = new Map<number, number>();
    for (const row of rows) for (const i of row) support.set(i, (support.get(i) ?? 0) + 1);
    // Ties by first appearance, as the dataset's ids (datasetOf numbers items as they appear).
    const first = [...new Set(rows.flat())];
    const eligible = first
      .filter((i) => support.get(i)! >= threshold)
      .sort((a, b) => support.get(b)! - support.get(a)! || first.indexOf(a) - first.indexOf(b));
    // What counting f items costs: by rows (pairs in each row; a row repeating the one before
    // it is free), or by bitsets (two row increments a word), whichever is less.
    const pairsOf = (f: number) => {
      const top = new Set(eligible.slice(0, f));
      let work = 0;
      rows.forEach((row, r) => {
        const key = (x: number[]) => [...x].sort((a, b) => a - b).join();
        if (r > 0 && key(row) === key(rows[r - 1])) return;
        const h = row.filter((i) => top.has(i)).length;
        work += (h * (h - 1)) / 2;
      });
      return Math.min(work, Math.ceil(n / 32) * f * (f + 1));
    };
    let f = Math.min(eligible.length, 1500);
    if (pairsOf(f) > budget) {
      f = 0;
      while (f + 16 <= eligible.length && pairsOf(f + 16) <= budget) f += 16;
    }
    let frequent = 0;
    for (let x = 0; x < f; x++)
      for (let y = x + 1; y < f; y++)
        if (rows.filter((row) => row.includes(eligible[x]) && row.includes(eligible[y])).length >= threshold)
          frequent++;
    return { frequent_pairs: frequent, frequent_pairs_items_cut: eligible.length - f };
  }

  it('counts exactly the pairs of the most supported items the budget allows (property)', () => {
    fc.assert(
      fc.property(arbitraryRows(60, 60, 40), fc.integer({ min: 0, max: 3 }), (rows, perOccurrence) => {
        fc.pre(rows.some((row) => row.length > 0));
        const dataset = datasetOf(rows);
        const release = transactionsOf(rows.map((r) => r.map(String)));
        const audit = { rowOf: Uint32Array.from(rows, (_, i) => i) };
        const occurrences = rows.reduce((sum, row) => sum + row.length, 0);
        const facts = frequentPairFacts(dataset, release, audit, { perOccurrence, floor: 0 });
        expect(facts).toMatchObject(naive(rows, perOccurrence * occurrences));
        // The release is its input: every pair counted is kept.
        expect(facts.frequent_pairs_within_10pct).toBe(facts.frequent_pairs);
      }),
      { numRuns: 60 },
    );
  });
});

describe('frequent pairs kept within 10%', () => {
  const rows = [[1, 2, 3], [1, 2], [2, 3], [1, 3], [1, 2, 3], [4]];
  const dataset = datasetOf(rows);
  const release = transactionsOf;
  it('all of them in a release equal to its input, none when every row is emptied', () => {
    const audit = { rowOf: Uint32Array.from(rows, (_, i) => i) };
    const same = frequentPairFacts(dataset, release(rows.map((r) => r.map(String))), audit);
    expect(same).toMatchObject({
      frequent_pairs: 3,
      frequent_pairs_within_10pct: 3,
      frequent_pairs_share: 1,
    });
    const empty = frequentPairFacts(dataset, release(rows.map(() => [])), audit);
    expect(empty).toMatchObject({
      frequent_pairs: 3,
      frequent_pairs_within_10pct: 0,
      frequent_pairs_share: 0,
    });
  });

  it('rows before and after: the same input row, the changed ones first', () => {
    const emptied = release(rows.map((r, i) => (i === 2 ? [] : r.map(String))));
    const examples = rowExamples(dataset, emptied, { rowOf: Uint32Array.from(rows, (_, i) => i) }, 2);
    expect(examples[0]).toMatchObject({ row: 0 });
    expect(examples.find((e) => e.row === 2)).toMatchObject({ before: ['2', '3'], after: [], changed: true });
  });
});

describe('the sensitive-item band', () => {
  // 1,000 rows: item 0 in every row (whole milk), item s (1..30) in the first 5s rows.
  const rows = Array.from({ length: 1000 }, (_, r) => [
    0,
    ...Array.from({ length: 30 }, (_, s) => s + 1).filter((s) => r < 5 * s),
  ]);
  const dataset = datasetOf(rows);
  const supports = itemSupports(dataset);

  it('picks items held by 1% to min(10%, 1/2p) of the rows, never the most frequent', () => {
    for (const seed of [1, 2, 3]) {
      const chosen = chooseSensitive(dataset, { band: 5 }, seed, 10);
      expect(chosen).toHaveLength(5);
      for (const id of chosen) {
        expect(supports[id]).toBeGreaterThanOrEqual(10);
        expect(supports[id]).toBeLessThanOrEqual(50);
      }
    }
    expect(chooseSensitive(dataset, { band: 5 }, 1, 10)).not.toEqual(
      chooseSensitive(dataset, { band: 5 }, 2, 10),
    );
    expect(chooseSensitive(dataset, { top: 1 }, 1)).toEqual([dataset.dictionary.find('0')]);
    expect(describeSensitive(dataset, { band: 5 }, 1, 10)).toContain(
      'from the 9 items held by 10 to 50 of the 1,000 rows',
    );
  });

  it('widens its floor, then its ceiling up to n/p, and says when there are too few items', () => {
    expect(supportBand(dataset, 5, 10).stretched).toBeUndefined();
    expect(supportBand(dataset, 10, 10)).toMatchObject({ lo: 1, hi: 50, stretched: 'floor' });
    expect(supportBand(dataset, 15, 10)).toMatchObject({ lo: 1, hi: 100, stretched: 'ceiling' });
    // The sentence says so, and no longer that the items are rare enough for p.
    expect(describeSensitive(dataset, { band: 5 }, 1, 10)).toContain('rare enough for p = 10.');
    expect(describeSensitive(dataset, { band: 10 }, 1, 10)).toContain('so rarer ones are drawn too');
    const ceiling = describeSensitive(dataset, { band: 15 }, 1, 10);
    expect(ceiling).toContain('the band reaches n/p, where p is barely feasible');
    expect(ceiling).not.toContain('rare enough for p = 10.');
    expect(() => supportBand(dataset, 25, 10)).toThrow(/only 20 item\(s\).*n\/p = 100/);
  });
});

describe('warnings', () => {
  // Items 0..6, 10..14, 20..22 held by 14% to 33% of the rows; 30..49 by 5% each.
  const base = Array.from({ length: 400 }, (_, r) => [r % 7, 10 + (r % 5), 20 + (r % 3), 30 + (r % 20)]);
  it('rare sensitive items, common ones, k above most supports, m above most rows', () => {
    const rare = runOf([...base, [99]], {
      method: 'anatomy',
      params: { p: 2 },
      sensitive: { items: ['99'] },
    });
    expect(rare!.record.warnings.join(' ')).toContain('held by 1 of 401 rows (0.25%)');
    const common = runOf(base, { method: 'anatomy', params: { p: 2 }, sensitive: { items: ['20'] } });
    expect(common!.record.warnings.join(' ')).toContain("Sensitive item '20' is held by 134 rows");
    const band = runOf(base, { method: 'anatomy', params: { p: 2 }, sensitive: { band: 2 } });
    expect(band!.record.warnings).toEqual([]);
    const bigK = runOf(base, { method: 'pta', params: { k: 100 } });
    expect(bigK!.record.warnings.join(' ')).toContain('k = 100 is above the support of');
    // m is at most the longest row (one row of 6 items here): longer than almost every other.
    const bigM = runOf([...base, [0, 10, 20, 30, 40, 50]], { method: 'coat', params: { k: 2, m: 5 } });
    expect(bigM!.record.warnings.join(' ')).toContain('m = 5 is longer than 100% of the rows');
  });

  it('the summary reads as sentences', () => {
    const run = runOf(base, { method: 'pta', params: { k: 5 } })!;
    const lines = summaryLines(run.record);
    expect(lines.map((l) => l.id)).toEqual(['rows', 'items', 'basket', 'pairs', 'time']);
    expect(lines[0].text).toMatch(/^400 rows before, 400 after/);
    expect(lines[1].text).toContain('35 distinct items before');
  });

  it('an itemsets release says its pairs line counts the frequent pairs it publishes, not rows kept', () => {
    // PrivBasis publishes its top k itemsets: a frequent pair it does not list has no support in it.
    const run = runOf(base, { method: 'privbasis', params: { k: 5, epsilon: 1 }, seededNoise: true })!;
    const pairs = summaryLines(run.record).find((l) => l.id === 'pairs')!.text;
    const s = run.record.summary;
    expect(s.frequent_pairs).toBeGreaterThan(0);
    expect(pairs).toBe(
      `Of the ${s.frequent_pairs} pairs of items held by at least 1% of the input rows, ${s.frequent_pairs_within_10pct} (${percent(s.frequent_pairs_share!)}) are among the 5 published itemsets with a noisy support within 10% of the true one; a pair not published has no support in the release.`,
    );
    expect(pairs).not.toContain('keep their support');
    // The run's notes name the basis's pairs (λ2, picked by the exponential mechanism) as such.
    expect(Object.keys(run.record.notes)).toContain('pairs (λ2)');
  });

  it('a groups release says which rows show empty and which items went to counts', () => {
    // Rows 0..3 hold the sensitive item 99 only; the rest a QID item, every fourth 99 beside it.
    const rows = [
      [99],
      [99],
      [99],
      [99],
      ...Array.from({ length: 36 }, (_, r) => [r % 6, ...(r % 4 === 0 ? [99] : [])]),
    ];
    const run = runOf(rows, { method: 'anatomy', params: { p: 2 }, sensitive: { items: ['99'] } })!;
    const [rowsLine, , basketLine] = summaryLines(run.record).map((l) => l.text);
    expect(rowsLine).toContain('no row loses an item, but 4 held only sensitive items');
    expect(rowsLine).not.toContain('no row is emptied');
    // 13 occurrences of 99 over 40 rows: 0.33 a row, published as group counts.
    expect(basketLine).toContain('of which 0.33 sensitive, published as counts');
  });
});
