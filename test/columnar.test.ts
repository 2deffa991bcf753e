/**
 * Parquet and Arrow IPC input (issue 34): the fixtures of test/data/columnar (written by DuckDB and
 * flechette, scripts/make-parquet-fixtures.ts) read as the same datasets as their text twins (chess
 * as FIMI, the baskets as CSV): `stats`, `anonymize` and `check` through the command line give the
 * same answers, the release files byte for byte. The layout is found from the columns or named by
 * flags; a file that is not what it claims is refused naming the file, row group and column.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesBuffer, readColumnar } from '../src/core/data/columnar/readColumnar.ts';
import { parquetTable, transactionsParquet } from '../src/core/data/columnar/writeParquet.ts';
import { ColumnarError } from '../src/core/data/columnar/columnarError.ts';
import { tokenRows } from './helpers.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';

const D = 'test/data/columnar/';
const TWINS: [string, string][] = [
  [`${D}chess-list.zstd.parquet`, 'test/data/chess.dat.gz'],
  [`${D}chess-list.gzip.parquet`, 'test/data/chess.dat.gz'],
  [`${D}chess-long.snappy.parquet`, 'test/data/chess.dat.gz'],
  [`${D}baskets-list.snappy.parquet`, `${D}baskets.csv.gz`],
  [`${D}baskets-long.zstd.parquet`, `${D}baskets.csv.gz`],
  [`${D}baskets.arrow`, `${D}baskets.csv.gz`],
];

const json = async (...args: string[]) => {
  const result = await cliInProcess(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

const read = (path: string, options = {}) => {
  const bytes = new Uint8Array(readFileSync(path));
  const format = path.endsWith('.arrow') ? 'arrow' : 'parquet';
  return readColumnar(bytesBuffer(bytes), format, { fileName: path.split('/').pop()!, ...options });
};

describe('each fixture is its text twin', () => {
  for (const [file, twin] of TWINS) {
    it(`${file.split('/').pop()}: stats, anonymize and check as ${twin.split('/').pop()}`, async () => {
      expect(await json('stats', file)).toEqual(await json('stats', twin));
      const s = scratch('twin');
      const chess = twin.endsWith('.dat.gz');
      const method = chess
        ? ['--method', 'pta', '--k', '5']
        : ['--method', 'gray-cahd', '--p', '3', '--sensitive', '"beer, dark",日本茶'];
      const runs = [];
      for (const [name, input] of [
        ['a', file],
        ['b', twin],
      ]) {
        const record = await json(
          'anonymize',
          input,
          ...method,
          '--workers',
          '1',
          '--metrics',
          // A metric the release kind has (one that does not apply is refused): NCP for PTA's
          // transactions, AvgRE for gray-cahd's groups.
          chess ? 'ncp' : 'avgre',
          '--out',
          s.path(`${name}.json`),
        );
        runs.push({ record, release: readFileSync(s.path(`${name}.json`), 'utf8') });
      }
      expect(runs[0].record.verified).toBe(true);
      expect(runs[0].release).toBe(runs[1].release);
      expect(runs[0].record.metrics).toEqual(runs[1].record.metrics);
      const check = ['--model', 'km-anonymity', '--k', '2', '--m', '2'];
      expect(await json('check', file, ...check)).toEqual(await json('check', twin, ...check));
    });
  }

  it('items keep their spaces, commas, quotes and non-ASCII letters; ids in order of first appearance', async () => {
    const parquet = await read(`${D}baskets-list.snappy.parquet`);
    const arrow = await read(`${D}baskets.arrow`);
    const long = await read(`${D}baskets-long.zstd.parquet`);
    expect(parquet.format).toBe('parquet');
    expect(long.format).toBe('parquet-long');
    expect(arrow.format).toBe('arrow');
    for (const r of [arrow, long]) {
      expect(r.dataset.dictionary.tokens).toEqual(parquet.dataset.dictionary.tokens);
      expect(tokenRows(r.dataset)).toEqual(tokenRows(parquet.dataset));
    }
    expect(parquet.dataset.dictionary.tokens).toEqual(
      expect.arrayContaining(['café "crème"', 'beer, dark', 'äpfel 🍎', '日本茶', "brie d'Île-de-France"]),
    );
  });
});

describe('the layout: found, or named', () => {
  it('two list columns are ambiguous until one is named, by flag or option', async () => {
    const s = await cliInProcess('stats', `${D}two-lists.parquet`);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain(
      'two-lists.parquet: 2 list columns could be the items (items (list<string>), tags (list<string>)): name them: --item-column COL',
    );
    const tags = await json('stats', `${D}two-lists.parquet`, '--item-column', 'tags');
    expect(tags).toEqual(await json('stats', `${D}baskets.csv.gz`));
    const missing = await cliInProcess('stats', `${D}two-lists.parquet`, '--item-column', 'labels');
    expect(missing.stderr).toContain(
      "no column 'labels' (the item column asked for); its columns: items (list<string>), tags (list<string>)",
    );
  });

  it('(tid, item) columns of other names, read by --tid-column and --item-column; flags that do not apply are refused', async () => {
    const s = scratch('named');
    const file = s.file(
      'visits.parquet',
      parquetTable([
        { name: 'patient', type: 'string', values: ['p1', 'p1', 'p2', 'p3', 'p3'] },
        { name: 'code', type: 'string', values: ['E11', 'I10', 'E11', null, 'J45'] },
        { name: 'year', type: 'integer', values: [2020, 2020, 2021, 2022, 2022] },
      ]),
    );
    const none = await cliInProcess('stats', file);
    expect(none.stderr).toContain(
      "expected a list column of items, or columns 'tid' and 'item', found patient (string), code (string), year (int32)",
    );
    const stats = await json('stats', file, '--tid-column', 'patient', '--item-column', 'code');
    expect(stats).toMatchObject({ transactions: 3, items: 3, empty: 0 });
    const year = await cliInProcess('stats', file, '--tid-column', 'patient', '--item-column', 'year');
    expect(year.code).toBe(0);
    const header = await cliInProcess('stats', `${D}chess-list.zstd.parquet`, '--header');
    expect(header.stderr).toContain(
      '--header applies to csv-basket files; chess-list.zstd.parquet is read as parquet',
    );
    const onFimi = await cliInProcess('stats', 'test/data/chess.dat.gz', '--item-column', 'x');
    expect(onFimi.stderr).toContain(
      '--item-column applies to csv-long, parquet, parquet-long, arrow, arrow-long files',
    );
  });

  it('null lists and items are kept as empty transactions and left out, each with a warning; a null tid is an error at its row', async () => {
    const file = parquetTable([
      { name: 'tid', type: 'integer', values: [1, 1, 2, 3] },
      { name: 'item', type: 'string', values: ['a', 'b', null, 'a'] },
    ]);
    const long = await readColumnar(bytesBuffer(file), 'parquet', { fileName: 'n.parquet' });
    expect(tokenRows(long.dataset)).toEqual([['a', 'b'], [], ['a']]);
    const nulls = await readColumnar(
      bytesBuffer(new Uint8Array(readFileSync(`${D}nulls.v2.parquet`))),
      'parquet',
      {
        fileName: 'nulls.v2.parquet',
      },
    );
    expect(tokenRows(nulls.dataset)).toEqual([['1', '2'], [], [], ['3', '4'], ['5']]);
    expect(nulls.warnings.first.map((w) => w.message)).toEqual([
      'row 2: the list is null, read as an empty transaction',
      'row 4: 1 null item(s) left out',
      'row 5: 1 repeated item(s) kept once',
    ]);
    // The same in dictionary-encoded v1 pages (listChunk.ts PageScratch), with an empty item.
    const v1 = await readColumnar(
      bytesBuffer(new Uint8Array(readFileSync(`${D}nulls.v1.parquet`))),
      'parquet',
      { fileName: 'nulls.v1.parquet' },
    );
    expect(tokenRows(v1.dataset).slice(0, 8)).toEqual([
      ['a', 'b'],
      [],
      [],
      ['c', 'd'],
      ['e'],
      ['a'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(v1.dataset.n).toBe(206);
    expect(v1.dataset.dictionary.size).toBe(5);
    expect(v1.warnings.first.map((w) => w.message)).toEqual([
      'row 2: the list is null, read as an empty transaction',
      'row 4: 1 null item(s) left out',
      'row 5: 1 repeated item(s) kept once',
      'row 6: a empty item left out',
    ]);
    const lists = transactionsParquet([['a', 'a'], []], 'list');
    const read = await readColumnar(bytesBuffer(lists), 'parquet', { fileName: 'l.parquet' });
    expect(tokenRows(read.dataset)).toEqual([['a'], []]);
    expect(read.warnings.first[0].message).toBe('row 1: 1 repeated item(s) kept once');
    const badTid = parquetTable([
      { name: 'tid', type: 'string', values: ['x', null] },
      { name: 'item', type: 'string', values: ['a', 'b'] },
    ]);
    await expect(readColumnar(bytesBuffer(badTid), 'parquet', { fileName: 't.parquet' })).rejects.toThrow(
      "t.parquet: row group 1 of 1, column 'item', row 2: the tid is null; every row needs one",
    );
    const doubles = parquetTable([{ name: 'items', type: 'double', values: [1.5] }]);
    await expect(
      readColumnar(bytesBuffer(doubles), 'parquet', {
        fileName: 'd.parquet',
        itemColumn: 'items',
        tidColumn: 'items',
      }),
    ).rejects.toThrow("d.parquet: column 'items': is named as both the tid and the item column");
  });

  it('a damaged file names the file, the row group and the column; a truncated one its footer', async () => {
    const bytes = new Uint8Array(readFileSync(`${D}chess-list.zstd.parquet`));
    // Damaged page headers (the first of row group 1, the data page of row group 2): refused before
    // decoding (pageGuard.ts), since hyparquet would trust a garbage value count.
    for (const [from, to, value] of [
      [4, 12, 0],
      [15071 + 150, 15071 + 156, 0x7f],
    ]) {
      const broken = bytes.slice();
      broken.fill(value, from, to);
      const error = await readColumnar(bytesBuffer(broken), 'parquet', { fileName: 'c.parquet' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ColumnarError);
      expect((error as Error).message).toMatch(
        /^c\.parquet: row group \d of 2, column 'items': damaged page header at byte [\d,]+ of the file: /,
      );
    }
    const cut = bytes.slice(0, bytes.length - 100);
    await expect(readColumnar(bytesBuffer(cut), 'parquet', { fileName: 'cut.parquet' })).rejects.toThrow(
      /^cut\.parquet: not a readable Parquet file: does not end with PAR1/,
    );
    const text = await cliInProcess('stats', 'test/data/chess.dat.gz', '--format', 'parquet');
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/chess\.dat\.gz: not a readable Parquet file/);
  });
});
