/**
 * Parquet output (issue 34), one test per release kind: `anonymize --export X.parquet` writes the
 * release as Parquet (list column or (tid, item) rows; groups, buckets and itemsets as tables, with
 * the second table beside as .parquet), the file loads back, and `check` passes for the model the
 * method guarantees. Items with spaces, commas, quotes and non-ASCII letters round-trip exactly
 * (property test over random Unicode items, both layouts).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesBuffer, readColumnar } from '../src/core/data/columnar/readColumnar.ts';
import { readParquetTable } from '../src/core/data/columnar/readParquet.ts';
import { transactionsParquet } from '../src/core/data/columnar/writeParquet.ts';
import { tokenRows } from './helpers.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { bucketsExportArgs } from './exportRuns.ts';

const BASKETS = 'test/data/columnar/baskets-list.snappy.parquet';

async function run(...args: string[]) {
  const result = await cliInProcess(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { holds?: boolean; verified?: boolean; exported?: string[] };
}

const fileOf = (path: string) => bytesBuffer(new Uint8Array(readFileSync(path)));

describe('every release kind exports to Parquet, loads back and passes Check', () => {
  it('transactions (pta): list and long layouts, k-anonymity holds on both', async () => {
    const s = scratch('pq-tx');
    for (const format of ['parquet', 'parquet-long']) {
      const path = s.path(`${format}.parquet`);
      const out = await run(
        'anonymize',
        BASKETS,
        '--method',
        'pta',
        '--k',
        '4',
        '--out',
        s.path(`${format}.json`),
        '--export',
        path,
        '--export-format',
        format,
        '--workers',
        '1',
      );
      expect(out.exported).toEqual([path]);
      const back = await readColumnar(fileOf(path), 'parquet', { fileName: 'x.parquet' });
      expect(back.format).toBe(format);
      const release = JSON.parse(readFileSync(s.path(`${format}.json`), 'utf8')) as {
        transactions: string[][];
      };
      expect(tokenRows(back.dataset).map((r) => [...r].sort())).toEqual(
        release.transactions.map((r) => [...r].sort()),
      );
      expect(await run('check', path, '--model', 'k-anonymity', '--k', '4')).toMatchObject({ holds: true });
    }
  });

  it('generalized (apriori-km): the rows as labels and the label,item table beside; k^m-anonymity holds', async () => {
    const s = scratch('pq-gen');
    const path = s.path('g.parquet');
    const out = await run(
      'anonymize',
      'test/data/columnar/chess-list.zstd.parquet',
      '--method',
      'apriori-km',
      '--k',
      '5',
      '--m',
      '2',
      '--out',
      s.path('g.json'),
      '--export',
      path,
    );
    expect(out.exported).toEqual([path, s.path('g-generalized.parquet')]);
    const table = await readParquetTable(fileOf(s.path('g-generalized.parquet')), 'g-generalized.parquet');
    expect(table.columns).toEqual(['label', 'item']);
    const back = await readColumnar(fileOf(path), 'parquet', { fileName: 'g.parquet' });
    expect(back.format).toBe('parquet');
    expect(back.dataset.dictionary.tokens.some((t) => !/^\d+$/.test(t))).toBe(true); // labels
    expect(await run('check', path, '--model', 'km-anonymity', '--k', '5', '--m', '2')).toMatchObject({
      holds: true,
    });
  });

  it('groups (gray-cahd): group,row,item and group,item,count as Parquet; p-degree holds on them', async () => {
    const s = scratch('pq-groups');
    const path = s.path('g.parquet');
    const out = await run(
      'anonymize',
      BASKETS,
      '--method',
      'gray-cahd',
      '--p',
      '3',
      '--sensitive',
      '"beer, dark",日本茶',
      '--out',
      s.path('g.json'),
      '--export',
      path,
    );
    expect(out.exported).toEqual([path, s.path('g-sensitive.parquet')]);
    const check = await run('check', path, '--model', 'p-degree', '--p', '3');
    expect(check).toMatchObject({ holds: true });
    const loaded = await readColumnar(fileOf(path), 'parquet', { fileName: 'g.parquet' });
    expect(loaded.layout).toBe('groups');
  });

  it('buckets (multi-anatomy): bucket,row,column,item as Parquet; l-diversity holds', async () => {
    const s = scratch('pq-buckets');
    const path = s.path('a.parquet');
    await run(...bucketsExportArgs(s.path('a.json'), path, '--export-format', 'parquet-long'));
    expect(await run('check', path, '--model', 'l-diversity', '--l', '2')).toMatchObject({
      holds: true,
      offers: 2,
    });
    expect((await readColumnar(fileOf(path), 'parquet', { fileName: 'a.parquet' })).layout).toBe('buckets');
  });

  it('itemsets (privbasis): itemset,support as Parquet, the same rows as the CSV export', async () => {
    const s = scratch('pq-itemsets');
    const flags = ['--method', 'privbasis', '--epsilon', '1', '--k', '5', '--seed', '3'];
    await run('anonymize', BASKETS, ...flags, '--out', s.path('i.json'), '--export', s.path('i.parquet'));
    await run(
      'anonymize',
      BASKETS,
      ...flags,
      '--out',
      s.path('c.json'),
      '--export',
      s.path('i.csv'),
      '--export-format',
      'csv-long',
    );
    const table = await readParquetTable(fileOf(s.path('i.parquet')), 'i.parquet');
    expect(table.columns).toEqual(['itemset', 'support']);
    const release = JSON.parse(readFileSync(s.path('i.json'), 'utf8')) as {
      itemsets: { items: string[]; support: number }[];
    };
    expect(table.rows).toEqual(release.itemsets.map((i) => [`{${i.items.join(',')}}`, String(i.support)]));
    const refused = await cliInProcess(
      'anonymize',
      BASKETS,
      ...flags,
      '--out',
      s.path('x.json'),
      '--export',
      s.path('x.parquet'),
      '--export-format',
      'parquet',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is written as csv-long or parquet-long, not parquet');
  });
});

describe('items round-trip exactly (property)', () => {
  it('any Unicode items, list and long layouts, integers kept as integers', async () => {
    const item = fc.string({ unit: 'binary', minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uniqueArray(item, { maxLength: 6 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('list' as const, 'long' as const),
        async (rows, layout) => {
          fc.pre(rows.some((r) => r.length > 0));
          const bytes = transactionsParquet(rows, layout, { rowGroupSize: 7 });
          const back = await readColumnar(bytesBuffer(bytes), 'parquet', { fileName: 'p.parquet' });
          const sorted = (rs: readonly (readonly string[])[]) => rs.map((r) => [...r].sort());
          expect(sorted(tokenRows(back.dataset))).toEqual(sorted(rows));
          expect(back.warnings.total).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
    const ints = transactionsParquet([['1', '20'], ['3000000000']], 'list');
    const back = await readColumnar(bytesBuffer(ints), 'parquet', { fileName: 'i.parquet' });
    expect(tokenRows(back.dataset)).toEqual([['1', '20'], ['3000000000']]);
  });
});

describe('CSR rows of token ids write the same bytes as their token rows (property; issue 42)', () => {
  it('strings, INT32 and INT64 items, tokens the rows do not use ignored, both layouts', () => {
    // distribute's driver writes its partitions from CSR ids (no row of token strings built):
    // the files, and so the tasks' releases, must be those the token rows give.
    const token = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }).map(String),
      fc.constantFrom('2147483648', '999999999999999'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 5 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(token, { minLength: 1, maxLength: 12 }),
        fc.array(fc.array(fc.nat(), { maxLength: 5 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom('list' as const, 'long' as const),
        (tokens, picks, layout) => {
          const rows = picks.map((row) => [...new Set(row.map((p) => p % tokens.length))]);
          const offsets = new Uint32Array(rows.length + 1);
          rows.forEach((r, i) => (offsets[i + 1] = offsets[i] + r.length));
          const items = Uint32Array.from(rows.flat());
          const csr = transactionsParquet({ offsets, items, tokens }, layout, { rowGroupSize: 7 });
          const strings = transactionsParquet(
            rows.map((r) => r.map((id) => tokens[id])),
            layout,
            { rowGroupSize: 7 },
          );
          expect(Buffer.from(csr).equals(Buffer.from(strings))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
