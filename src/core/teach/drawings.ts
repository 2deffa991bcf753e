/**
 * Builders of the drawings (trace.ts) that several methods record from their own structures: a
 * binary matrix of input rows in some order, a table of rows, the ids of a group's rows. Each
 * returns new arrays (a snapshot), never a view of the caller's.
 */
import type { Dataset } from '../data/dataset.ts';
import { rowName, type MatrixDrawing, type TableDrawing } from './trace.ts';

/**
 * The matrix of the rows of `order` (input row indices) over the items `columns` (ids, in drawing
 * order); `sensitive` marks sensitive columns, `groupOf` a row's group index (-1 or undefined: none).
 */
export function matrixOf(
  dataset: Dataset,
  order: ArrayLike<number>,
  columns: readonly number[],
  options: {
    sensitive?: (item: number) => boolean;
    groupOf?: (r: number) => number | undefined;
    groups?: MatrixDrawing['groups'];
    caption?: string;
  } = {},
): MatrixDrawing {
  const columnOf = new Map(columns.map((item, c) => [item, c]));
  const rows: MatrixDrawing['rows'] = [];
  for (let i = 0; i < order.length; i++) {
    const r = order[i];
    const cells: number[] = [];
    for (const item of dataset.row(r)) {
      const c = columnOf.get(item);
      if (c !== undefined) cells.push(c);
    }
    const group = options.groupOf?.(r);
    rows.push({
      id: rowName(r),
      label: rowName(r),
      cells: cells.sort((a, b) => a - b),
      ...(group !== undefined && group >= 0 && { group }),
    });
  }
  return {
    kind: 'matrix',
    columns: columns.map((item) => {
      const token = dataset.dictionary.token(item);
      return { id: token, label: token, ...(options.sensitive?.(item) && { sensitive: true }) };
    }),
    rows,
    ...(options.groups && { groups: options.groups }),
    ...(options.caption && { caption: options.caption }),
  };
}

/** Every item id in input order (first appearance). */
export function allItems(dataset: Dataset): number[] {
  return Array.from({ length: dataset.d }, (_, i) => i);
}

/** A table of input rows given as lists of labels (the rows' published form at this step). */
export function tableOf(
  rows: readonly { row: number; items: readonly string[]; group?: number; note?: string }[],
  groups?: TableDrawing['groups'],
  caption?: string,
): TableDrawing {
  return {
    kind: 'table',
    rows: rows.map(({ row, items, group, note }) => ({
      id: rowName(row),
      label: rowName(row),
      items: [...items],
      ...(group !== undefined && group >= 0 && { group }),
      ...(note !== undefined && { note }),
    })),
    ...(groups && { groups }),
    ...(caption && { caption }),
  };
}

/** The input rows' names, for `changed`. */
export const rowIds = (rows: Iterable<number>): string[] => Array.from(rows, rowName);

/** A number as a step shows it: 4 significant digits (so traces compare across machines). */
export function shown(value: number): number {
  return Number.isInteger(value) ? value : Number(value.toPrecision(4));
}

/** A count with its noun: `1 row`, `3 rows` (`plural` when not the noun + s). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** Items as a reader writes a set: `{Wine, Meat}`. */
export function itemSet(tokens: readonly string[]): string {
  return `{${tokens.join(', ')}}`;
}
