/**
 * Exported data (DESIGN.md sec. 4) on many random datasets (fast-check) whose items hold spaces,
 * commas, quotes, line breaks, non-ASCII and markup: for every release kind and every format it can
 * be written in, export then parse gives back the published rows exactly (groups and buckets: their
 * tables read back give the release's groups and buckets), and a `transactions` or `generalized`
 * export loaded back passes `check` for its model.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { DatasetBuilder } from '../src/core/data/datasetBuilder.ts';
import type { Dataset } from '../src/core/data/dataset.ts';
import { parseText } from '../src/core/data/parsers/index.ts';
import { InputError } from '../src/core/base/errors.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import type { RunRequest } from '../src/core/run/runRecord.ts';
import { checkDataset } from '../src/core/check/checkDataset.ts';
import { exportFormatsOf, exportRelease } from '../src/core/release/export/exportRelease.ts';
import type { ExportFile, ExportFormat } from '../src/core/release/export/types.ts';
import type { BucketsRelease, GroupsRelease, Release } from '../src/core/release/types.ts';
import { plain, rowsOf, textOf, tokenRows } from './helpers.ts';

const UNITS = [
  'a',
  'b',
  'Z',
  '7',
  ' ',
  ',',
  '"',
  "'",
  'é',
  'ß',
  '日',
  '<',
  '>',
  '&',
  '/',
  '=',
  '%',
  '\\',
  '\n',
  '{',
  '}',
  '(',
  ')',
];

/** Item names a real file may hold: `whole milk`, `a,b`, `"quoted"`, `<b>bold</b>`, `crème`. */
const itemName = fc
  .string({ unit: fc.constantFrom(...UNITS), minLength: 1, maxLength: 7 })
  .map((s) => s.trim())
  .filter((s) => s !== '');

/** Rows over a vocabulary of `size` items (names or numbers), each row a set. */
function rowsOver(vocabulary: fc.Arbitrary<string[]>) {
  return vocabulary.chain((items) =>
    fc
      .array(fc.uniqueArray(fc.integer({ min: 0, max: items.length - 1 }), { maxLength: 6 }), {
        minLength: 4,
        maxLength: 30,
      })
      .map((rows) => rows.map((row) => row.map((i) => items[i]))),
  );
}

const namedRows = rowsOver(fc.uniqueArray(itemName, { minLength: 2, maxLength: 12 }));
const numberedRows = rowsOver(
  fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }).map(String), { minLength: 2, maxLength: 12 }),
);

function datasetOfTokens(rows: string[][]): Dataset {
  const builder = new DatasetBuilder();
  for (const row of rows) builder.addTokens(row);
  return builder.build('data.csv', 'csv-basket');
}

/** The release of `request` on the rows, or null when the setting is infeasible for them. */
function releaseOf(rows: string[][], request: Omit<RunRequest, 'seed' | 'metrics'>): Release | null {
  try {
    return runMethod(datasetOfTokens(rows), { ...request, seed: 1, metrics: [] }).release;
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

const sortedRows = (rows: readonly (readonly string[])[]) => rows.map((row) => [...row].sort());

function parseBack(file: ExportFile, format: ExportFormat, extra: { tidColumn?: string } = {}): Dataset {
  return parseText(textOf(file), { fileName: `back.${file.extension}`, format, ...extra }).dataset;
}

function table(file: ExportFile): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(textOf(file), { header: true, skipEmptyLines: true }).data;
}

/** The published rows read back from an export of a transactions or generalized release. */
function rowsBack(files: ExportFile[], format: ExportFormat): string[][] {
  const rows = tokenRows(parseBack(files[0], format));
  if (format !== 'fimi' || files.length < 2) return rows;
  const labelOfId = new Map(table(files[1]).map((r) => [r.id, r.label]));
  return rows.map((row) => row.map((t) => labelOfId.get(t) ?? t).sort());
}

const property = (run: () => void) => it('round-trips', run);

describe('exported transactions and generalized releases read back as the published rows', () => {
  const cases: [string, Omit<RunRequest, 'seed' | 'metrics'> & { params: Record<string, number> }][] = [
    ['pta (transactions)', { method: 'pta', params: { k: 2 } }],
    ['coat (generalized)', { method: 'coat', params: { k: 2, m: 2 } }],
  ];
  for (const [label, request] of cases)
    for (const format of ['csv-basket', 'csv-long', 'arff', 'fimi'] as ExportFormat[])
      describe(`${label} as ${format}`, () =>
        property(() =>
          fc.assert(
            fc.property(format === 'fimi' ? numberedRows : namedRows, (rows) => {
              const release = releaseOf(rows, request);
              fc.pre(release !== null);
              // A file without any item does not load (the parsers refuse it: nothing to anonymize),
              // and ARFF needs an attribute: an all-empty release is read back nowhere (its ARFF export refuses, below).
              const published =
                release!.kind !== 'transactions' && release!.kind !== 'generalized' ? [] : rowsOf(release!);
              fc.pre(published.some((row) => row.length > 0));
              const files = exportRelease(release!, format, 'release of "x", <y>');
              expect(rowsBack(files, format)).toEqual(sortedRows(published));
              if (release!.kind === 'generalized') {
                const members = new Map<string, string[]>();
                for (const r of table(files[1]))
                  members.set(r.label, [...(members.get(r.label) ?? []), r.item]);
                expect(Object.fromEntries(members)).toEqual(release!.generalized);
              }
              // The export loaded back meets the model's guarantee (DESIGN.md sec. 4).
              const back = parseBack(files[0], format);
              const check =
                release!.kind === 'transactions'
                  ? checkDataset(back, { model: 'k-anonymity', k: request.params.k })
                  : checkDataset(back, { model: 'km-anonymity', k: request.params.k, m: request.params.m });
              expect(check.problems).toEqual([]);
              expect(check.holds).toBe(true);
            }),
            { numRuns: 40 },
          ),
        ));
});

describe('an exported groups release reads back as its two tables', () => {
  property(() =>
    fc.assert(
      fc.property(namedRows, fc.integer({ min: 1, max: 3 }), (rows, m) => {
        const release = releaseOf(rows, { method: 'anatomy', params: { p: 2 }, sensitive: { top: m } });
        fc.pre(release !== null);
        const groups = plain(release as GroupsRelease).groups;
        const [qid, sensitive] = exportRelease(release!, 'csv-long');
        // The QID table is csv-long with `row` as the transaction id: the published QID rows in order.
        expect(tokenRows(parseBack(qid, 'csv-long', { tidColumn: 'row' }))).toEqual(
          sortedRows(groups.flatMap((g) => g.qid)),
        );
        const groupOfRow = new Map(table(qid).map((r) => [r.row, Number(r.group) - 1]));
        const sizes = groups.map(() => 0);
        for (const g of groupOfRow.values()) sizes[g]++;
        expect(sizes).toEqual(groups.map((g) => g.qid.length));
        const counts = groups.map(() => ({}) as Record<string, number>);
        for (const r of table(sensitive)) counts[Number(r.group) - 1][r.item] = Number(r.count);
        expect(counts).toEqual(
          groups.map((g) => Object.fromEntries(Object.entries(g.sensitive).filter(([, c]) => c > 0))),
        );
      }),
      { numRuns: 40 },
    ),
  );
});

describe('an exported buckets release reads back as its buckets', () => {
  property(() =>
    fc.assert(
      fc.property(namedRows, (rows) => {
        const release = releaseOf(rows, { method: 'multi-anatomy', params: { l: 2, columns: 2 } });
        fc.pre(release !== null);
        const buckets = plain(release as BucketsRelease).buckets;
        const [file] = exportRelease(release!, 'csv-long');
        const back: { size: number; columns: string[][][] }[] = [];
        const rowIndex = new Map<string, number>();
        for (const r of table(file)) {
          const b = Number(r.bucket) - 1;
          back[b] ??= { size: 0, columns: buckets[b].columns.map(() => []) };
          if (!rowIndex.has(r.row)) rowIndex.set(r.row, back[b].size++);
          const cell = (back[b].columns[Number(r.column) - 1][rowIndex.get(r.row)!] ??= []);
          if (r.item !== '') cell.push(r.item);
        }
        expect(back).toEqual(buckets);
      }),
      { numRuns: 40 },
    ),
  );
});

describe('formats a kind cannot be written in', () => {
  it('groups and buckets are csv-long (or parquet-long) only; FIMI needs integer items', () => {
    expect(exportFormatsOf('groups')).toEqual(['csv-long', 'parquet-long']);
    const rows = [['whole milk', 'a,b'], ['whole milk', 'a,b'], ['x']];
    const groups = releaseOf(rows, { method: 'anatomy', params: { p: 2 }, sensitive: { items: ['x'] } })!;
    expect(() => exportRelease(groups, 'csv-basket')).toThrow(/csv-long or parquet-long tables/);
    expect(() => exportRelease(groups, 'parquet')).toThrow(/tables \(parquet-long\), not as a list column/);
    const pta = releaseOf(rows, { method: 'pta', params: { k: 2 } })!;
    expect(() => exportRelease(pta, 'fimi')).toThrow(/'whole milk'.*csv-basket/);
    const empty = releaseOf([[], [], ['x']], { method: 'pta', params: { k: 2 } })!;
    expect(() => exportRelease(empty, 'arff')).toThrow(
      /ARFF needs at least one attribute: export as csv-long/,
    );
  });

  it('a csv-basket export quotes what needs quoting and nothing else', () => {
    const rows = [
      ['whole milk', 'a,b', 'say "hi"'],
      ['whole milk', 'a,b', 'say "hi"'],
    ];
    const pta = releaseOf(rows, { method: 'pta', params: { k: 2 } })!;
    const [file] = exportRelease(pta, 'csv-basket');
    expect(textOf(file).split('\n')[0].split(',').length).toBeGreaterThan(2);
    expect(textOf(file)).toContain('whole milk');
    expect(textOf(file)).toContain('"a,b"');
    expect(textOf(file)).toContain('"say ""hi"""');
  });
});
