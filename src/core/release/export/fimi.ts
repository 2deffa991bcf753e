/**
 * Rows written as FIMI (DESIGN.md sec. 2 and 4): one row a line, items as non-negative integers
 * separated by spaces, ascending; an empty row is an empty line. FIMI items are integers, so every
 * item must be one (a FIMI input's items are); a generalized item gets a new id above the largest
 * input item (`fimiIds`), listed with its members in the side table.
 */
import { InputError } from '../../base/errors.ts';
import { sortPrefix } from '../../data/sortPrefix.ts';
import type { TokenRows } from '../tokenRows.ts';
import type { TextWriter } from './textWriter.ts';

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
export function writeFimi(
  out: TextWriter,
  rows: TokenRows,
  idOf: ReadonlyMap<string, number> = new Map(),
): void {
  const { offsets, items, tokens } = rows;
  if (offsets.length <= 1) return;
  // Each token's value, found on first use (a token no row holds is never asked).
  const value = new Float64Array(tokens.length).fill(-1);
  let values = new Float64Array(64); // a row's values, scratch reused row after row
  for (let i = 0; i + 1 < offsets.length; i++) {
    const length = offsets[i + 1] - offsets[i];
    if (length > values.length) values = new Float64Array(length * 2);
    for (let k = 0; k < length; k++) {
      const id = items[offsets[i] + k];
      if (value[id] < 0) value[id] = idOf.get(tokens[id]) ?? fimiValue(tokens[id]);
      values[k] = value[id];
    }
    sortPrefix(values, length);
    for (let k = 0; k < length; k++) (k > 0 ? out.char(SPACE) : out).int(values[k]);
    out.char(NEWLINE);
  }
}
