/**
 * CSV baskets and tid,item read by the byte tokenizer (csvBytes.ts): each row's fields go to ids
 * straight from the bytes (itemBytes.ts), with the text path's choices (csvBasket.ts, csvLong.ts):
 * the same trimming, the same warnings on the same lines, the same ids in the same order. A row the
 * tokenizer or these readers leave to papaparse hands the parse on to the text path with what was
 * read so far (`BasketState`, `LongState`), so its error, and anything after it, is the text path's.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { U32Vec } from '../u32Vec.ts';
import { basketState, csvBasketReader, finishBasket, type BasketState } from './csvBasket.ts';
import { CsvBytes, type RowFields, type RowSink } from './csvBytes.ts';
import {
  csvLongReader,
  longResult,
  longState,
  readHeader,
  repeatWarning,
  widerThanHeader,
  type LongState,
} from './csvLong.ts';
import { TidNames, TokenBytes, textOf } from './itemBytes.ts';
import type { PieceReader } from './textPieces.ts';
import { byteDelimiter, textStream, type ByteStream } from './textStream.ts';
import type { ParseOptions, ParseResult } from './types.ts';

/** A csv-basket or csv-long parser over bytes (the delimiter one ASCII byte: textStream.ts byteDelimiter). */
export function csvByteParser(format: 'csv-basket' | 'csv-long', options: ParseOptions): ByteStream {
  if (format === 'csv-basket') {
    const state = basketState(options);
    return byteParser(
      options,
      new BasketBytes(state),
      () => csvBasketReader(options, state),
      () => finishBasket(options, state),
    );
  }
  const state = longState();
  const sink = new LongBytes(options, state);
  return byteParser(
    options,
    sink,
    () => {
      sink.handOn();
      return csvLongReader(options, state);
    },
    () => sink.finish(),
  );
}

function byteParser(
  options: ParseOptions,
  sink: RowSink,
  reader: () => PieceReader,
  finish: () => ParseResult,
): ByteStream {
  const delimiter = options.delimiter ?? ',';
  let rest: ByteStream | null = null;
  const tokens = new CsvBytes(options.fileName, byteDelimiter(delimiter), sink, (line, column) => {
    rest = textStream(reader(), options.fileName, delimiter, { line, column, started: true });
    return rest;
  });
  return {
    push: (chunk) => tokens.push(chunk),
    finish: () => {
      tokens.end();
      return rest ? rest.finish() : finish();
    },
  };
}

/** Where field k's bytes are. */
const bytesOf = (buf: Uint8Array, fields: RowFields, k: number) =>
  fields.inEscaped[k] === 1 ? fields.escaped : buf;

/** The id of field k (trimmed; -1 when it trims to nothing), from the hash and value its scan read. */
const fieldId = (tokens: TokenBytes, buf: Uint8Array, fields: RowFields, k: number) =>
  tokens.idOfScanned(
    bytesOf(buf, fields, k),
    fields.starts[k],
    fields.ends[k],
    fields.hashes[k],
    fields.values[k],
  );

/** Whether the row is one field that trims to nothing (an empty line, or blanks). */
function isBlankRow(buf: Uint8Array, fields: RowFields): boolean {
  if (fields.count !== 1) return false;
  const bytes = bytesOf(buf, fields, 0);
  for (let i = fields.starts[0]; i < fields.ends[0]; i++) {
    const c = bytes[i];
    if (c >= 0x80) return textOf(bytes, fields.starts[0], fields.ends[0]).trim() === '';
    if (c !== 32 && (c < 9 || c > 13)) return false;
  }
  return true;
}

/** csv-basket rows (csvBasket.ts): each field an item, blank fields warned of, repeats kept once. */
class BasketBytes implements RowSink {
  private readonly items: TokenBytes;

  constructor(private readonly state: BasketState) {
    this.items = TokenBytes.items(state.builder.dictionary);
  }

  row(buf: Uint8Array, fields: RowFields): boolean {
    const state = this.state;
    state.empty = false;
    if (state.skipHeader) {
      state.skipHeader = false;
      return true;
    }
    // The row's ids go straight into the builder's items (no scratch row).
    const builder = state.builder;
    let length = 0;
    if (!isBlankRow(buf, fields)) {
      const ids = builder.rowRoom(0, fields.count);
      const at = builder.rowStart;
      for (let k = 0; k < fields.count; k++) {
        const id = fieldId(this.items, buf, fields, k);
        if (id < 0) state.warnings.add(fields.line, 'empty item ignored');
        else ids[at + length++] = id;
      }
    }
    const repeats = builder.endRow(length);
    if (repeats > 0) state.warnings.add(fields.line, `${repeats} repeated item(s) kept once`);
    return true;
  }
}

/** Pairs are told apart by tid * PAIR_SPAN + item (both below PAIR_SPAN: exact in a double). */
const PAIR_SPAN = 2 ** 26;

/**
 * csv-long rows (csvLong.ts). While each tid's lines come together, as files usually have them,
 * the tid's items are written in place as one row of the builder (4 bytes per occurrence; row t is
 * tid t, tids numbered by first appearance), closed when the next tid starts, and a pair given
 * again is found by marks (the tid that last took each item). From the first tid that comes back
 * after another, the rest goes to (tid, item) pairs and a set of every pair finds the repeats; at
 * the end each tid's row and its later pairs are joined into a new builder, tids in order.
 */
class LongBytes implements RowSink {
  private readonly tids = new TidNames();
  private readonly items: TokenBytes;
  /** Ids written so far in the open row (tid lastTid's), while the tids come one run each. */
  private written = 0;
  private marks = new Int32Array(1024);
  private lastTid = -1;
  /** From the first tid that comes back: every pair seen, and the pairs read since. */
  private pairs: Set<number> | null = null;
  private readonly laterTids = new U32Vec(1 << 10);
  private readonly laterItems = new U32Vec(1 << 10);

  constructor(
    private readonly options: ParseOptions,
    private readonly state: LongState,
  ) {
    this.items = TokenBytes.items(state.builder.dictionary);
    // A line holds at least a tid, a comma, an item and a line end; the file's lines are longer.
    state.builder = new DatasetBuilder(state.builder.dictionary, Math.ceil((options.sizeHint ?? 0) / 8));
  }

  row(buf: Uint8Array, fields: RowFields): boolean {
    const state = this.state;
    if (state.tidIndex < 0) {
      const names: string[] = [];
      for (let k = 0; k < fields.count; k++)
        names.push(textOf(bytesOf(buf, fields, k), fields.starts[k], fields.ends[k]).trim());
      return readHeader(this.options, state, names, fields.line);
    }
    if (isBlankRow(buf, fields)) return true;
    if (fields.count < state.width) return false;
    const known = this.tids.size;
    let tid = fieldId(this.tids.ids, buf, fields, state.tidIndex);
    if (tid < 0) tid = this.tids.ids.empty();
    const item = fieldId(this.items, buf, fields, state.itemIndex);
    if (item >= PAIR_SPAN || tid >= PAIR_SPAN) return false;
    if (fields.count > state.headerWidth)
      state.warnings.add(fields.line, widerThanHeader(fields.count, state.headerWidth));
    if (tid !== this.lastTid && this.pairs === null) {
      if (this.lastTid >= 0) this.closeRow();
      if (tid < known) this.pairs = this.allPairs();
    }
    this.lastTid = tid;
    if (item < 0) return true;
    if (this.isRepeat(tid, item)) {
      state.warnings.add(
        fields.line,
        repeatWarning(state.builder.dictionary.token(item), this.tids.name(tid)),
      );
      return true;
    }
    if (this.pairs !== null) {
      this.laterTids.push(tid);
      this.laterItems.push(item);
    } else {
      const builder = state.builder;
      builder.rowRoom(this.written, 1)[builder.rowStart + this.written++] = item;
    }
    return true;
  }

  /** Closes the open row (its items are distinct: the marks kept repeats out). */
  private closeRow(): void {
    this.state.builder.endRow(this.written);
    this.written = 0;
  }

  /** Whether (tid, item) came before; notes it when not. */
  private isRepeat(tid: number, item: number): boolean {
    if (this.pairs !== null) {
      const key = tid * PAIR_SPAN + item;
      if (this.pairs.has(key)) return true;
      this.pairs.add(key);
      return false;
    }
    if (item >= this.marks.length) {
      const grown = new Int32Array(Math.max(item + 1, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    if (this.marks[item] === tid + 1) return true;
    this.marks[item] = tid + 1;
    return false;
  }

  /** Every pair in the builder's rows (row t is tid t). */
  private allPairs(): Set<number> {
    const pairs = new Set<number>();
    const builder = this.state.builder;
    for (let t = 0; t < builder.rowCount; t++)
      for (const item of builder.rowIds(t)) pairs.add(t * PAIR_SPAN + item);
    return pairs;
  }

  /** Each tid's items (its row, then its later pairs), tids in order of first appearance. */
  private eachTid(visit: (tid: number, row: Uint32Array, later: Uint32Array) => void): void {
    const count = this.tids.size;
    const n = this.laterTids.length;
    const tidOf = this.laterTids.data;
    // The later pairs grouped by tid (a counting sort, stable).
    const offsets = new Uint32Array(count + 1);
    for (let p = 0; p < n; p++) offsets[tidOf[p] + 1]++;
    for (let t = 0; t < count; t++) offsets[t + 1] += offsets[t];
    const next = offsets.slice(0, count);
    const grouped = new Uint32Array(n);
    for (let p = 0; p < n; p++) grouped[next[tidOf[p]]++] = this.laterItems.data[p];
    const builder = this.state.builder;
    const none = new Uint32Array(0);
    for (let t = 0; t < count; t++)
      visit(t, t < builder.rowCount ? builder.rowIds(t) : none, grouped.subarray(offsets[t], offsets[t + 1]));
  }

  finish(): ParseResult {
    const state = this.state;
    if (state.tidIndex < 0) return csvLongReader(this.options, state).finish();
    if (this.pairs === null) {
      // Each tid was one run: its row is in the builder, the last one still open.
      if (this.lastTid >= 0) this.closeRow();
    } else {
      const joined = new DatasetBuilder(
        state.builder.dictionary,
        state.builder.rowStart + this.laterItems.length,
      );
      this.eachTid((_, row, later) => {
        const ids = joined.rowRoom(0, row.length + later.length);
        ids.set(row, joined.rowStart);
        ids.set(later, joined.rowStart + row.length);
        joined.endRow(row.length + later.length);
      });
      state.builder = joined;
    }
    return longResult(this.options, state, () => this.tids.names());
  }

  /**
   * The text path reads on: what was read goes into its per-tid sets of item names, and the text
   * path's own builder (the same dictionary) takes the rows at its end.
   */
  handOn(): void {
    const state = this.state;
    if (this.pairs === null && this.lastTid >= 0) this.closeRow();
    const names = this.tids.names();
    const tokens = state.builder.dictionary.tokens;
    this.eachTid((t, row, later) => {
      const items = new Set<string>();
      for (const item of row) items.add(tokens[item]);
      for (const item of later) items.add(tokens[item]);
      state.rowsOfTid.set(names[t], items);
    });
    state.builder = new DatasetBuilder(state.builder.dictionary);
  }
}
