/**
 * CSV baskets and tid,item read by the byte tokenizer (csvBytes.ts): each row's fields go to ids
 * straight from the bytes (itemBytes.ts), with the text path's choices (csvBasket.ts, csvLong.ts):
 * the same trimming, the same warnings on the same lines, the same ids in the same order. A row the
 * tokenizer or these readers leave to papaparse hands the parse on to the text path with what was
 * read so far (`BasketState`, `LongState`), so its error, and anything after it, is the text path's.
 */
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
 * csv-long rows (csvLong.ts): (tid, item) pairs, kept in line order as two arrays of ids and grouped
 * by tid at the end. A pair given again is found by marks (the tid that last took each item) while
 * each tid's rows come together, as files usually have them; from the first tid that comes back
 * after another, by a set of every pair.
 */
class LongBytes implements RowSink {
  private readonly tids = new TidNames();
  private readonly items: TokenBytes;
  private readonly pairTids = new U32Vec(1 << 16);
  private readonly pairItems = new U32Vec(1 << 16);
  private marks = new Int32Array(1024);
  private lastTid = -1;
  private pairs: Set<number> | null = null;

  constructor(
    private readonly options: ParseOptions,
    private readonly state: LongState,
  ) {
    this.items = TokenBytes.items(state.builder.dictionary);
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
    const t = state.tidIndex;
    const known = this.tids.size;
    let tid = fieldId(this.tids.ids, buf, fields, t);
    if (tid < 0) tid = this.tids.ids.empty();
    const item = fieldId(this.items, buf, fields, state.itemIndex);
    if (item >= PAIR_SPAN || tid >= PAIR_SPAN) return false;
    if (fields.count > state.headerWidth)
      state.warnings.add(fields.line, widerThanHeader(fields.count, state.headerWidth));
    if (tid !== this.lastTid && tid < known && this.pairs === null) this.pairs = this.allPairs();
    this.lastTid = tid;
    if (item < 0) return true;
    if (this.isRepeat(tid, item)) {
      state.warnings.add(
        fields.line,
        repeatWarning(state.builder.dictionary.token(item), this.tids.name(tid)),
      );
      return true;
    }
    this.pairTids.push(tid);
    this.pairItems.push(item);
    return true;
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

  private allPairs(): Set<number> {
    const pairs = new Set<number>();
    for (let p = 0; p < this.pairTids.length; p++)
      pairs.add(this.pairTids.data[p] * PAIR_SPAN + this.pairItems.data[p]);
    return pairs;
  }

  /** Each tid's items into the builder, tids in order of first appearance. */
  finish(): ParseResult {
    const state = this.state;
    if (state.tidIndex < 0) return csvLongReader(this.options, state).finish();
    const count = this.tids.size;
    const n = this.pairTids.length;
    const tidOf = this.pairTids.data;
    const itemOf = this.pairItems.data;
    let grouped = itemOf;
    let offsets: Uint32Array | null = null;
    if (this.pairs !== null) {
      // A tid came back after another: the pairs are grouped by tid (a counting sort, stable).
      offsets = new Uint32Array(count + 1);
      for (let p = 0; p < n; p++) offsets[tidOf[p] + 1]++;
      for (let t = 0; t < count; t++) offsets[t + 1] += offsets[t];
      const next = offsets.slice(0, count);
      grouped = new Uint32Array(n);
      for (let p = 0; p < n; p++) grouped[next[tidOf[p]]++] = itemOf[p];
    }
    // Else each tid's pairs are one run, tids in order: the pairs are grouped as they stand.
    const builder = state.builder;
    let p = 0;
    for (let t = 0; t < count; t++) {
      const from = p;
      if (offsets === null) while (p < n && tidOf[p] === t) p++;
      else p = offsets[t + 1];
      builder.rowRoom(0, p - from).set(grouped.subarray(from, p), builder.rowStart);
      builder.endRow(p - from);
    }
    return longResult(this.options, state, () => this.tids.names());
  }

  /** The text path reads on: what was read goes into its per-tid sets of item names. */
  handOn(): void {
    const sets = this.tids.names().map((tid) => {
      const items = new Set<string>();
      this.state.rowsOfTid.set(tid, items);
      return items;
    });
    const tokens = this.state.builder.dictionary.tokens;
    for (let p = 0; p < this.pairTids.length; p++)
      sets[this.pairTids.data[p]].add(tokens[this.pairItems.data[p]]);
  }
}
