/**
 * Rows of a release as typed arrays (issue 31): the rows a release publishes (a `transactions`
 * release's rows, a `groups` release's QID rows, a `buckets` release's cells) are held as a
 * Dataset holds its transactions, in CSR form (`offsets` of length n+1 into one `items` array),
 * with `items` ids into a token table. A row lists its tokens in the order the release publishes
 * them, repeats kept (a release read from a file may hold a repeat; its verifier says so), so
 * the rows are exactly the JSON's `[[tokens], ...]`, converted to JSON only while it is written
 * (writeJson.ts). One row costs 4 bytes an item and 4 for its offset, against a JS array of
 * strings per row (about 8 bytes an item more, and an object a row for the collector).
 * Methods publish input items under their input ids (`tokens` is then the input's dictionary, or
 * it followed by labels), so verifiers and metrics read the rows as ids without a lookup.
 */
import type { CsrRows } from '../data/dataset.ts';
import { U32Vec } from '../data/u32Vec.ts';

/** Rows of ids in CSR form: row i holds items[offsets[i]] .. items[offsets[i+1]-1]. */
export type IdRows = CsrRows;

/** Rows of tokens: row i's tokens are tokens[items[k]] for k in offsets[i] .. offsets[i+1]-1. */
export interface TokenRows extends CsrRows {
  readonly tokens: readonly string[];
}

/** Rows of (token, count) entries: entry k is tokens[items[k]] with counts[k]. */
export interface TokenCounts extends TokenRows {
  readonly counts: Float64Array;
}

/** The number of rows. */
export function rowCount(rows: CsrRows): number {
  return rows.offsets.length - 1;
}

export function rowLength(rows: CsrRows, i: number): number {
  return rows.offsets[i + 1] - rows.offsets[i];
}

/** Row i's ids (a view, no copy). */
export function rowIds(rows: CsrRows, i: number): Uint32Array {
  return rows.items.subarray(rows.offsets[i], rows.offsets[i + 1]);
}

/** Row i as tokens, in the order published (a new array). */
export function rowTokens(rows: TokenRows, i: number): string[] {
  const out = new Array<string>(rows.offsets[i + 1] - rows.offsets[i]);
  for (let k = rows.offsets[i]; k < rows.offsets[i + 1]; k++)
    out[k - rows.offsets[i]] = rows.tokens[rows.items[k]];
  return out;
}

/** Row i as plain numbers (a groups audit's input rows, for a small reader). */
export function rowNumbers(rows: CsrRows, i: number): number[] {
  return Array.from(rowIds(rows, i));
}

/** Every row as tokens (for small releases: tests, a page of the viewer, plain JSON). */
export function tokenArrays(rows: TokenRows, from = 0, to = rowCount(rows)): string[][] {
  const out: string[][] = [];
  for (let i = from; i < to; i++) out.push(rowTokens(rows, i));
  return out;
}

/** Every row as plain numbers. */
export function numberArrays(rows: CsrRows, from = 0, to = rowCount(rows)): number[][] {
  const out: number[][] = [];
  for (let i = from; i < to; i++) out.push(rowNumbers(rows, i));
  return out;
}

/** The ids the rows hold, each once, in order of first appearance. */
export function heldTokenIds(rows: TokenRows): number[] {
  const seen = new Uint8Array(rows.tokens.length);
  const held: number[] = [];
  const end = rows.offsets[rows.offsets.length - 1];
  for (let k = 0; k < end; k++)
    if (seen[rows.items[k]] === 0) {
      seen[rows.items[k]] = 1;
      held.push(rows.items[k]);
    }
  return held;
}

/** Rows of numbers (an audit's lists) as CSR. */
export function idRowsOf(lists: readonly (readonly number[])[]): IdRows {
  let total = 0;
  for (const list of lists) total += list.length;
  const offsets = new Uint32Array(lists.length + 1);
  const items = new Uint32Array(total);
  let at = 0;
  lists.forEach((list, i) => {
    for (let k = 0; k < list.length; k++) items[at++] = list[k];
    offsets[i + 1] = at;
  });
  return { offsets, items };
}

/**
 * Assembles TokenRows row by row: from ids of a fixed token table (a method publishing input
 * items), or from tokens, each new token given the next id (`token`; a release read from JSON, a
 * generalized release's labels after the input's items).
 */
export class TokenRowsBuilder {
  private readonly offsets: U32Vec;
  private readonly items: U32Vec;
  private tokens: string[];
  private ids: Map<string, number> | undefined;

  /** `tokens`: the table ids refer to (copied only if a new token is added); `expectedItems` presizes. */
  constructor(
    private readonly table: readonly string[] = [],
    expectedItems = 1024,
    expectedRows = 128,
  ) {
    this.tokens = table as string[];
    this.items = new U32Vec(expectedItems);
    this.offsets = new U32Vec(expectedRows + 1);
    this.offsets.push(0);
  }

  get rowCount(): number {
    return this.offsets.length - 1;
  }

  /** The id of `token`, adding it to the table when it is new. */
  idOf(token: string): number {
    if (!this.ids) {
      this.ids = new Map();
      for (let i = 0; i < this.tokens.length; i++)
        if (!this.ids.has(this.tokens[i])) this.ids.set(this.tokens[i], i);
    }
    let id = this.ids.get(token);
    if (id === undefined) {
      if (this.tokens === this.table) this.tokens = [...this.table];
      id = this.tokens.length;
      this.tokens.push(token);
      this.ids.set(token, id);
    }
    return id;
  }

  /** Appends a row of ids[from .. to). */
  addIds(ids: ArrayLike<number>, from = 0, to = ids.length): void {
    const items = this.items;
    items.reserve(to - from);
    for (let k = from; k < to; k++) items.data[items.length++] = ids[k];
    this.offsets.push(items.length);
  }

  /** Appends one id to the row being built (end it with `endRow`). */
  pushId(id: number): void {
    this.items.push(id);
  }

  endRow(): void {
    this.offsets.push(this.items.length);
  }

  /** Appends a row of tokens, in their order (repeats kept). */
  addTokens(tokens: readonly string[]): void {
    for (const token of tokens) this.items.push(this.idOf(token));
    this.offsets.push(this.items.length);
  }

  /** The rows; arrays presized exactly are taken as they are, others copied to their size. */
  build(): TokenRows {
    return { tokens: this.tokens, offsets: exact(this.offsets), items: exact(this.items) };
  }
}

function exact(vec: U32Vec): Uint32Array {
  return vec.data.length === vec.length ? vec.data : vec.view().slice();
}

/** Rows of tokens as TokenRows, the tokens numbered in order of first appearance after `table`. */
export function tokenRowsOf(rows: Iterable<readonly string[]>, table: readonly string[] = []): TokenRows {
  const builder = new TokenRowsBuilder(table);
  for (const row of rows) builder.addTokens(row);
  return builder.build();
}
