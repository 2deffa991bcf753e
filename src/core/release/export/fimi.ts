/**
 * Rows written as FIMI (DESIGN.md sec. 2 and 4): one row a line, items as non-negative integers
 * separated by spaces, ascending; an empty row is an empty line. FIMI items are integers, so every
 * item must be one (a FIMI input's items are); a generalized item gets a new id above the largest
 * input item (`fimiIds`), listed with its members in the side table.
 */
import { InputError } from '../../base/errors.ts';
import { sortPrefix } from '../../data/sortPrefix.ts';
import { TextWriter, type Utf8Parts } from './textWriter.ts';

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** The largest integer FIMI tokens may hold (the FIMI parser reads at most 15 digits). */
const MAX_DIGITS = 15;

/** The integer an item token stands for; an InputError naming the item when it is not one. */
export function fimiValue(token: string): number {
  if (!/^\d+$/.test(token) || token.length > MAX_DIGITS)
    throw new InputError(
      `FIMI files hold integer items, but the release has the item '${token}': export it as csv-basket`,
    );
  return Number(token);
}

/** Ids for generalized labels: the largest input item + 1, + 2, ... in the order given. */
export function fimiIds(inputTokens: Iterable<string>, labels: readonly string[]): Map<string, number> {
  let largest = -1;
  for (const token of inputTokens) largest = Math.max(largest, fimiValue(token));
  return new Map(labels.map((label, i) => [label, largest + 1 + i]));
}

/** The rows, with `idOf` giving the value of tokens that are not integers (generalized labels). */
export function fimiBytes(
  rows: readonly (readonly string[])[],
  idOf: ReadonlyMap<string, number> = new Map(),
): Utf8Parts {
  if (rows.length === 0) return [];
  const value = new Map<string, number>();
  const valueOf = (token: string) => {
    let v = value.get(token);
    if (v === undefined) value.set(token, (v = idOf.get(token) ?? fimiValue(token)));
    return v;
  };
  const out = new TextWriter();
  let values = new Float64Array(64); // a row's values, scratch reused row after row
  for (const row of rows) {
    if (row.length > values.length) values = new Float64Array(row.length * 2);
    for (let i = 0; i < row.length; i++) values[i] = valueOf(row[i]);
    sortPrefix(values, row.length);
    for (let i = 0; i < row.length; i++) (i > 0 ? out.char(SPACE) : out).int(values[i]);
    out.char(NEWLINE);
  }
  return out.parts();
}
