/**
 * Where the transactions are in a columnar file (Parquet, Arrow IPC), DESIGN.md sec. 2 read for
 * tables: either a list column (one row per transaction, its items a list of strings or integers,
 * as polars' `group_by().agg()` and DuckDB's `list()` write them) or two plain columns (tid, item),
 * one row per (transaction, item) pair as csv-long has them. Chosen from the columns alone:
 * - named: `itemColumn` a list column reads it as lists; a plain one with `tidColumn` (default
 *   `tid`) reads (tid, item) pairs;
 * - found: the one list column of strings or integers, if there is exactly one; else the columns of
 *   an exported groups or buckets table (exportLayout.ts: `row` and `item`); else `tid` and `item`.
 * Anything else (two list columns, no list and no tid/item) is ambiguous: the error names every
 * column with its type and how to name the right ones.
 */
import { exportLayoutOf } from '../exportLayout.ts';
import { ColumnarError } from './columnarError.ts';

/** A column of the file as the layout sees it. */
export interface ColumnInfo {
  name: string;
  /** Position in the file, from 1. */
  index: number;
  /** A list per row, one value per row, or something else (a struct, a map). */
  shape: 'list' | 'value' | 'other';
  /** What the values (a list's elements) are: items may be strings or integers only. */
  values: 'string' | 'integer' | 'other';
  /** The type in words, for messages: `list<string>`, `int64`, `double`. */
  type: string;
}

export type ColumnLayout =
  | { kind: 'list'; items: ColumnInfo }
  | { kind: 'long'; tid: ColumnInfo; item: ColumnInfo; exported?: 'groups' | 'buckets' };

export interface ColumnChoice {
  /** The item column: a list column, or the item of (tid, item) pairs. */
  itemColumn?: string;
  /** The transaction-id column of (tid, item) pairs. */
  tidColumn?: string;
}

/** How to name the columns, in the words of both front ends. */
export const NAME_THE_COLUMNS =
  "name them: --item-column COL (a list column, or the item of (tid, item) rows) and --tid-column COL in the CLI, the 'Item column' and 'Transaction id column' fields on the page";

const describe = (columns: readonly ColumnInfo[]) => columns.map((c) => `${c.name} (${c.type})`).join(', ');

export function chooseLayout(
  file: string,
  columns: readonly ColumnInfo[],
  choice: ColumnChoice,
): ColumnLayout {
  const byName = (name: string, what: string) => {
    const found = columns.find((c) => c.name === name);
    if (!found)
      throw new ColumnarError(file, {}, `no column '${name}' (${what}); its columns: ${describe(columns)}`);
    return found;
  };
  if (choice.itemColumn !== undefined) {
    const item = byName(choice.itemColumn, 'the item column asked for');
    if (item.shape === 'list' && choice.tidColumn === undefined) return listLayout(file, item);
    const tid = byName(
      choice.tidColumn ?? 'tid',
      choice.tidColumn ? 'the tid column asked for' : `the default tid column; ${NAME_THE_COLUMNS}`,
    );
    return longLayout(file, tid, item);
  }
  if (choice.tidColumn !== undefined) {
    const tid = byName(choice.tidColumn, 'the tid column asked for');
    return longLayout(file, tid, byName('item', `the default item column; ${NAME_THE_COLUMNS}`));
  }
  const lists = columns.filter((c) => c.shape === 'list');
  const usable = lists.filter((c) => c.values !== 'other');
  if (usable.length === 1) return listLayout(file, usable[0]);
  if (usable.length > 1)
    throw new ColumnarError(
      file,
      {},
      `${usable.length} list columns could be the items (${describe(usable)}): ${NAME_THE_COLUMNS}`,
    );
  const exported = exportLayoutOf(columns.map((c) => c.name));
  if (exported === 'groups' || exported === 'buckets')
    return { ...longLayout(file, byName('row', 'rows'), byName('item', 'items')), exported };
  const tid = columns.find((c) => c.name === 'tid');
  const item = columns.find((c) => c.name === 'item');
  if (tid && item) return longLayout(file, tid, item);
  throw new ColumnarError(
    file,
    {},
    `expected a list column of items, or columns 'tid' and 'item', found ${describe(columns) || 'no column'}${lists.length > 0 ? ` (no list of strings or integers)` : ''}: ${NAME_THE_COLUMNS}`,
  );
}

function itemValues(file: string, column: ColumnInfo): void {
  if (column.values === 'other')
    throw new ColumnarError(
      file,
      { column },
      `holds ${column.type} values; items are strings or integers (cast the column before writing the file)`,
    );
}

function listLayout(file: string, items: ColumnInfo): ColumnLayout {
  itemValues(file, items);
  return { kind: 'list', items };
}

function longLayout(file: string, tid: ColumnInfo, item: ColumnInfo): ColumnLayout & { kind: 'long' } {
  if (tid === item)
    throw new ColumnarError(file, { column: tid }, 'is named as both the tid and the item column');
  for (const column of [tid, item])
    if (column.shape !== 'value')
      throw new ColumnarError(
        file,
        { column },
        `is a ${column.type} column; (tid, item) rows need one value per row in each (a list column is read alone: name it as the item column without a tid column)`,
      );
  itemValues(file, item);
  if (tid.values === 'other')
    throw new ColumnarError(
      file,
      { column: tid },
      `holds ${tid.type} values; a tid is a string or an integer`,
    );
  return { kind: 'long', tid, item };
}
