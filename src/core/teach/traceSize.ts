/**
 * The size of a teaching trace, bounded (issue 43, F4): a trace is at most MAX_STEPS steps, but a
 * step draws the data as it stands, so a small file with one long row (51 rows, one of 5,000
 * items, COAT k = 2, m = 3) made steps of many thousand cells each and a trace past what one
 * JavaScript string holds (`RangeError: Invalid string length` after 39 s at 2.8 GB). So a trace
 * also holds at most a number of *cells*, stated up front from the memory budget: a cell is an
 * element a step draws or weighs (a matrix row's column index, a table row's item, a lattice node,
 * a pair value, a bucket value, a candidate's value, a changed id, a label). A recorder stops
 * drawing once the next step would pass it (recorder.ts); the release is always drawn.
 */
import type { Step } from './trace.ts';

/** Bytes a drawn cell may take, in memory and as JSON (labels, ids, numbers). */
export const CELL_BYTES = 96;

/** At least this many cells are allowed (a worked example's trace needs far fewer). */
const MIN_CELLS = 50_000;

/** At most this many (about 400 MB of JSON at most): a trace is read by a person. */
const MAX_CELLS = 4_000_000;

/** The cells a trace may hold within `memoryBudget` bytes (half of it for the trace). */
export function traceCellLimit(memoryBudget: number): number {
  return Math.max(MIN_CELLS, Math.min(MAX_CELLS, Math.floor(memoryBudget / 2 / CELL_BYTES)));
}

/** The cells one step draws and weighs (see the top). */
export function stepCells(step: Step): number {
  return countCells(step.state) + step.changed.length + countCells(step.candidates ?? []);
}

/** Array elements and object fields under `value`, counted once each (strings and numbers count 1). */
function countCells(value: unknown): number {
  if (Array.isArray(value)) {
    let n = value.length;
    for (const v of value) if (typeof v === 'object' && v !== null) n += countCells(v);
    return n;
  }
  if (typeof value === 'object' && value !== null) {
    let n = 0;
    for (const v of Object.values(value)) n += typeof v === 'object' && v !== null ? countCells(v) : 1;
    return n;
  }
  return 1;
}
