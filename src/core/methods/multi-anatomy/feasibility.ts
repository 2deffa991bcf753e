/**
 * Whether an l-diverse record partition exists for an item partition, and if not, which settings
 * would allow one (anatomy paper Def. 5 and Example 5; release/diversity.ts). A union of l-diverse
 * buckets is l-diverse, so a partition exists exactly when the whole data, as one bucket, is:
 * - `frequency` (Def. 5): summed over buckets, every column's most frequent value may occur in at
 *   most n / l rows, so the largest l is floor(n / c(v)) for the most frequent value of any column;
 * - `distinct` (Example 5): every column needs l distinct values, so the largest l is the fewest
 *   distinct values of any column.
 * With many columns of rare items the empty value blocks the strict reading (most rows hold nothing
 * in such a column): on Connect and T40I10D100K the paper's 10 and 20 columns allow l of 1 or 2.
 * When a setting fails, the error and the page's feasibility tool say what would pass: the largest l
 * for these columns under each reading, and the most columns (fewer than asked, grouped by the same
 * phi² + PAM item partition) that allow this l under the reading in force.
 */
import type { Dataset } from '../../data/dataset.ts';
import { largestL, describeReading, type DiversityReading } from '../../release/diversity.ts';
import { columnValues } from './recordPartition.ts';

export interface ColumnsLimit {
  /** The largest l these columns allow under the reading. */
  largestL: number;
  /** The column (0-based) that sets it, and its blocking value (frequency) or its distinct values. */
  column: number;
  value: string;
  count: number;
}

/** The largest l an item partition (rows' values per column) allows under `reading`. */
export function columnsLimit(
  values: readonly string[][],
  columns: number,
  reading: DiversityReading,
): ColumnsLimit {
  const n = values.length;
  let worst: ColumnsLimit = { largestL: Infinity, column: 0, value: '', count: 0 };
  for (let c = 0; c < columns; c++) {
    const counts = new Map<string, number>();
    for (const row of values) counts.set(row[c], (counts.get(row[c]) ?? 0) + 1);
    const limit = largestL(counts.values(), n, reading);
    if (limit < worst.largestL) {
      let value = '';
      let count = 0;
      for (const [v, k] of counts) if (k > count) [value, count] = [v, k];
      worst = { largestL: limit, column: c, value, count: reading === 'distinct' ? counts.size : count };
    }
  }
  return worst;
}

export interface Feasibility {
  feasible: boolean;
  l: number;
  columns: number;
  reading: DiversityReading;
  /** What limits l with these columns under the reading in force. */
  limit: ColumnsLimit;
  /** The largest l with these columns under each reading. */
  largestL: Record<DiversityReading, number>;
  /** The most columns, fewer than asked, that allow l under the reading in force (when searched). */
  fewerColumns?: number;
}

/**
 * A failing run searches fewer columns for its error message only on at most this many items
 * (each count tried costs one PAM run); the page's feasibility tool always searches.
 */
export const COLUMN_SEARCH_IN_RUN = 300;

/**
 * The feasibility of (l, columns, reading); `partition(c)` gives the item partition into c columns.
 * When infeasible and `searchColumns`, fewer columns are tried down to 1.
 */
export function feasibility(
  dataset: Dataset,
  setting: { l: number; columns: number; reading: DiversityReading },
  partition: (columns: number) => Int32Array,
  searchColumns: boolean,
): Feasibility {
  const { l, columns, reading } = setting;
  const values = columnValues(dataset, partition(columns), columns);
  const limit = columnsLimit(values, columns, reading);
  const other: DiversityReading = reading === 'distinct' ? 'frequency' : 'distinct';
  const otherLimit = columnsLimit(values, columns, other).largestL;
  const result: Feasibility = {
    feasible: limit.largestL >= l,
    l,
    columns,
    reading,
    limit,
    largestL: { [reading]: limit.largestL, [other]: otherLimit } as Record<DiversityReading, number>,
  };
  if (result.feasible || !searchColumns) return result;
  for (let c = columns - 1; c >= 1; c--) {
    const fewer = columnValues(dataset, partition(c), c);
    if (columnsLimit(fewer, c, reading).largestL >= l) return { ...result, fewerColumns: c };
  }
  return result;
}

/** The error of an infeasible setting, naming what blocks it and what would pass. */
export function infeasibleMessage(f: Feasibility, describe: (value: string) => string): string {
  const blocking =
    f.reading === 'distinct'
      ? `column ${f.limit.column + 1} has only ${f.limit.count} distinct values`
      : `in column ${f.limit.column + 1} the value ${describe(f.limit.value)} occurs in ${f.limit.count} of the rows, more than n/l allows`;
  const options = [
    `l <= ${f.largestL[f.reading]} with these ${f.columns} columns`,
    ...(f.fewerColumns ? [`${f.fewerColumns} columns at l = ${f.l}`] : []),
    ...(f.reading === 'frequency' && f.largestL.distinct >= f.l
      ? [`the distinct reading (diversity = distinct, the paper's Example 5) at l = ${f.l}`]
      : []),
  ];
  return (
    `cannot be made ${f.l}-diverse (${describeReading(f.reading)}): ${blocking}; ` +
    `the largest l this data allows with these columns is ${f.largestL[f.reading]}. Feasible: ${options.join('; or ')}`
  );
}
