/**
 * The greedy dive of the longest-closed-pattern mining (longestClosedPatterns.ts): from the rows
 * holding a first item, add the item most of the current rows hold while at least minSupport do,
 * keeping only the rows that hold it; the closure of the rows reached is a closed frequent pattern,
 * and its length a first length to beat. Ties go to the item met first reading the current rows in
 * order, each row's items ascending.
 * The counts are kept from step to step: the rows a step drops are taken out of them (or, when
 * fewer rows are kept than dropped, the kept ones counted afresh), so a dive reads each of its first
 * rows about once instead of once per step: on Netflix-shaped rows, where the dive goes 100 to 250
 * items deep through long rows, a mining's dive went from 0.6-1.3 s to the cost of one count. Its
 * first, largest steps are kept from one mining to the next (divePrefixes.ts).
 */
import type { Dataset } from '../../data/dataset.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import type { Pattern } from './longestClosedPatterns.ts';
import type { DivePrefixes } from './divePrefixes.ts';

/**
 * The dive from `first` (which `taken` marks, with the root's items) over the rows `firstRows()`
 * gives (ascending, the searched rows holding it): the closed pattern it reaches, with its rows.
 * With `prefixes`, the steps it shares with earlier dives are read from there, and its large new
 * steps kept there.
 */
export function diveFrom(
  dataset: Dataset,
  first: number,
  firstRows: () => number[],
  taken: Uint8Array,
  minSupport: number,
  prefixes?: DivePrefixes,
): Pattern {
  // The dive reads a kept level (`level`) while its steps are kept ones, then counts on its own.
  let level = prefixes?.level(0, first);
  let onPath = prefixes !== undefined;
  const counts = new Int32Array(dataset.d);
  let touched: number[] = [];
  let current: number[] = [];
  // The items that may still be added: untaken, held by minSupport rows (counts only fall).
  let candidates: number[] = [];
  if (!level) {
    current = firstRows();
    countInto(dataset, current, counts, touched);
    candidates = touched.filter((i) => taken[i] === 0 && counts[i] >= minSupport);
    onPath = keep(prefixes, 0, first, current, counts);
  }
  for (let step = 1; ; step++) {
    const now = level ? level.counts : counts;
    let best = -1;
    let ties = 0;
    const consider = (item: number) => {
      if (best < 0 || now[item] > now[best]) {
        best = item;
        ties = 1;
      } else if (now[item] === now[best]) ties++;
    };
    if (level) {
      for (const item of prefixes!.candidatesOf(level))
        if (taken[item] === 0 && now[item] >= minSupport) consider(item);
    } else {
      let kept = 0;
      for (const item of candidates) {
        if (taken[item] === 1 || counts[item] < minSupport) continue;
        candidates[kept++] = item;
        consider(item);
      }
      candidates.length = kept;
    }
    const rowsHere = () => (level ? prefixes!.rowsOf(level) : current);
    if (best < 0) {
      const rows = rowsHere();
      const closure: number[] = [];
      for (let i = 0; i < now.length; i++) if (now[i] === rows.length) closure.push(i);
      return { items: closure, rows: [...rows] }; // ascending: a tid-list, filtered
    }
    if (ties > 1) best = firstMet(dataset, rowsHere(), now, now[best], taken);
    taken[best] = 1;
    const next = onPath ? prefixes!.level(step, best) : undefined;
    if (next) {
      level = next;
      continue;
    }
    if (level) {
      // Off the kept levels: on from a copy of the last one.
      counts.set(level.counts);
      touched = [];
      for (let i = 0; i < counts.length; i++) if (counts[i] > 0) touched.push(i);
      current = rowsHere();
      level = undefined;
    }
    const holding: number[] = [];
    const dropped: number[] = [];
    for (const r of current) (holds(dataset, r, best) ? holding : dropped).push(r);
    if (dropped.length <= holding.length) uncount(dataset, dropped, counts);
    else {
      for (const i of touched) counts[i] = 0;
      touched.length = 0;
      countInto(dataset, holding, counts, touched);
    }
    candidates = touched.filter((i) => taken[i] === 0 && counts[i] >= minSupport);
    current = holding;
    if (onPath) onPath = keep(prefixes, step, best, current, counts);
  }
}

/** Keeps a dive step in `prefixes` when it is large enough; false (deeper ones dropped) when not. */
function keep(
  prefixes: DivePrefixes | undefined,
  step: number,
  item: number,
  rows: readonly number[],
  counts: Int32Array,
): boolean {
  if (!prefixes) return false;
  if (!prefixes.keeps(rows.length)) {
    prefixes.truncate(step);
    return false;
  }
  prefixes.store(step, item, rows, counts);
  return true;
}

/** Adds the item counts over input `rows` to `counts`, listing each item's first sight in `touched`. */
export function countInto(
  dataset: Dataset,
  rows: readonly number[],
  counts: Int32Array,
  touched: number[],
): void {
  const { offsets, items } = dataset;
  for (const r of rows) {
    const end = offsets[r + 1];
    for (let t = offsets[r]; t < end; t++) {
      const item = items[t];
      if (counts[item]++ === 0) touched.push(item);
    }
  }
}

function uncount(dataset: Dataset, rows: readonly number[], counts: Int32Array): void {
  const { offsets, items } = dataset;
  for (const r of rows) for (let t = offsets[r]; t < offsets[r + 1]; t++) counts[items[t]]--;
}

function holds(dataset: Dataset, r: number, item: number): boolean {
  return dataset.bits
    ? dataset.bits.has(r, item)
    : sortedHas(dataset.items, item, dataset.offsets[r], dataset.offsets[r + 1]);
}

/** The first untaken item of `count` met reading `rows` in order, each row's items ascending. */
function firstMet(
  dataset: Dataset,
  rows: readonly number[],
  counts: Int32Array,
  count: number,
  taken: Uint8Array,
): number {
  const { offsets, items } = dataset;
  for (const r of rows)
    for (let t = offsets[r]; t < offsets[r + 1]; t++)
      if (counts[items[t]] === count && taken[items[t]] === 0) return items[t];
  throw new Error('firstMet: no item of the count in the rows');
}
