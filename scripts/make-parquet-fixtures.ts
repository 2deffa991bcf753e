/**
 * Writes the small Parquet and Arrow fixtures of test/data/columnar/ the way analysts make them:
 * DuckDB (`@duckdb/node-api`, a dev dependency used only here and in bench/parquet.ts) writes
 * Parquet, as `COPY ... TO 'f.parquet' (FORMAT parquet, COMPRESSION zstd)` does in a notebook;
 * flechette writes the Arrow IPC file (DuckDB writes none without an extension). Each fixture has a
 * twin in a text format (chess.dat.gz, baskets.csv.gz) that the tests compare it with. The files are
 * committed; run again only to change them: `npx tsx scripts/make-parquet-fixtures.ts`.
 * - chess-list.zstd.parquet, chess-list.gzip.parquet: chess (3,196 rows) as a list<int> column;
 * - chess-long.snappy.parquet: chess as (tid, item) integer rows;
 * - baskets-list.snappy.parquet, baskets-long.zstd.parquet, baskets.arrow: public/samples/
 *   groceries.csv with items renamed to hold spaces, commas, quotes and non-ASCII letters, as a
 *   list<varchar> column and as (tid varchar, item varchar) rows; its twin baskets.csv.gz;
 * - two-lists.parquet: two list columns (items and tags): ambiguous until one is named;
 * - nulls.v2.parquet: a null list, an empty one, a null item and a repeated one (data pages v2).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { columnFromArray, tableFromColumns, tableToIPC, utf8, list } from '@uwdata/flechette';
import Papa from 'papaparse';

const OUT = 'test/data/columnar';
const TMP = '.tmp/fixtures';
mkdirSync(OUT, { recursive: true });
mkdirSync(TMP, { recursive: true });

/** Items renamed so that every tricky character a real basket may hold is there. */
const RENAMED: Record<string, string> = {
  coffee: 'café "crème"',
  beer: 'beer, dark',
  apples: 'äpfel 🍎',
  tea: '日本茶',
  cheddar: 'cheddar; aged "24m"',
  brie: "brie d'Île-de-France",
};

const chess = gunzipSync(readFileSync('test/data/chess.dat.gz'))
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.trim().split(/\s+/));
const baskets = readFileSync('public/samples/groceries.csv', 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.split(',').map((item) => RENAMED[item] ?? item));

/** (tid, pos, item) rows as a CSV DuckDB reads, so that lists keep each row's item order. */
function longCsv(rows: string[][], name: string): string {
  const path = `${TMP}/${name}.csv`;
  const lines = rows.flatMap((row, r) => row.map((item, i) => [String(r + 1), String(i), item]));
  writeFileSync(path, Papa.unparse([['tid', 'pos', 'item'], ...lines], { newline: '\n' }));
  return path;
}

const db = await DuckDBInstance.create(':memory:');
const sql = await db.connect();
const run = (text: string) => sql.run(text);

await run(
  `CREATE TABLE chess AS SELECT tid, pos, item::INTEGER AS item FROM read_csv('${longCsv(chess, 'chess')}', header = true, all_varchar = true)`,
);
await run(
  `CREATE TABLE baskets AS SELECT tid, pos, item FROM read_csv('${longCsv(baskets, 'baskets')}', header = true, all_varchar = true, quote = '"', escape = '"')`,
);
const listOf = (table: string, tid = 'tid::INTEGER') =>
  `SELECT list(item ORDER BY pos::INTEGER) AS items FROM ${table} GROUP BY ${tid} ORDER BY ${tid}`;
const longOf = (table: string) => `SELECT tid, item FROM ${table} ORDER BY tid::INTEGER, pos::INTEGER`;

await run(
  `COPY (${listOf('chess')}) TO '${OUT}/chess-list.zstd.parquet' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1000)`,
);
await run(
  `COPY (${listOf('chess')}) TO '${OUT}/chess-list.gzip.parquet' (FORMAT parquet, COMPRESSION gzip, ROW_GROUP_SIZE 2048)`,
);
await run(
  `COPY (SELECT tid::INTEGER AS tid, item FROM chess ORDER BY tid::INTEGER, pos::INTEGER) TO '${OUT}/chess-long.snappy.parquet' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 20000)`,
);
await run(
  `COPY (${listOf('baskets')}) TO '${OUT}/baskets-list.snappy.parquet' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 32)`,
);
await run(
  `COPY (SELECT 'T' || lpad(tid, 3, '0') AS tid, item FROM (${longOf('baskets')})) TO '${OUT}/baskets-long.zstd.parquet' (FORMAT parquet, COMPRESSION zstd)`,
);
await run(
  `COPY (SELECT items, list_reverse(items) AS tags FROM (${listOf('baskets')})) TO '${OUT}/two-lists.parquet' (FORMAT parquet)`,
);

// Null lists, empty lists, null and repeated items, in data pages v2 (the list reader's levels).
await run(
  `COPY (SELECT * FROM (VALUES ([1, 2]), (NULL), ([]), ([3, NULL, 4]), ([5, 5])) t(items)) TO '${OUT}/nulls.v2.parquet' (FORMAT parquet, PARQUET_VERSION V2)`,
);

// The same cases in data pages v1 of string items, with an empty item too, then 200 rows of two
// items so that DuckDB dictionary-encodes the column: the list reader's dictionary-page path
// (listChunk.ts PageScratch).
await run(
  `COPY (SELECT items FROM (SELECT * FROM (VALUES (1, ['a', 'b']), (2, NULL), (3, []), (4, ['c', NULL, 'd']), (5, ['e', 'e']), (6, ['', 'a'])) t(k, items) UNION ALL SELECT 7 + i AS k, ['b', 'a'] AS items FROM range(200) r(i)) ORDER BY k) TO '${OUT}/nulls.v1.parquet' (FORMAT parquet)`,
);

// The CSV twin of the baskets: one basket a line, fields quoted as CSV needs.
writeFileSync(`${OUT}/baskets.csv.gz`, gzipSync(Papa.unparse(baskets, { newline: '\n' }) + '\n'));

// The Arrow IPC file (flechette), the baskets as list<utf8> in two record batches.
const half = Math.ceil(baskets.length / 2);
const type = list(utf8());
const items = columnFromArray(baskets, type, { maxBatchRows: half });
writeFileSync(`${OUT}/baskets.arrow`, tableToIPC(tableFromColumns({ items }), { format: 'file' })!);

sql.closeSync();
console.log(`wrote the fixtures into ${OUT}`);
