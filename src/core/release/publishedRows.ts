/**
 * The published rows of a release (a `transactions` or `generalized` release's rows, a `groups`
 * release's QID rows, a `buckets` release's cells) as a Dataset over the input's item ids, so that
 * metrics and the summary count in the release with the same tools as in the input. Tokens that
 * are not input items (generalized labels) get ids after the input's, in order of first
 * appearance. A row read as ids is a set: sorted, a repeated token once (a verifier compares the
 * row's length in the release with the set's to find repeats). Rows a method made (input ids,
 * ascending) are the Dataset as they are, without a copy; others are mapped and sorted. Built once
 * per rows and input (several metrics, the summary and the estimators read the same one).
 */
import { Dataset, type CsrRows } from '../data/dataset.ts';
import { ItemDictionary } from '../data/itemDictionary.ts';
import { sortDistinct } from '../data/sortPrefix.ts';
import type { TokenRows } from './tokenRows.ts';

const built = new WeakMap<TokenRows, { input: Dataset; published: Dataset }>();
const UNSET = 0xffffffff;

export function publishedDataset(input: Dataset, rows: TokenRows): Dataset {
  const cached = built.get(rows);
  if (cached && cached.input === input) return cached.published;
  const dictionary = new ItemDictionary(input.dictionary.tokens);
  const idMap = inputIdMap(input, rows.tokens);
  // Ids met for the first time get theirs in order of appearance (labels after the input's items).
  let identity = true;
  let sorted = true;
  const { offsets, items } = rows;
  for (let i = 0; i + 1 < offsets.length; i++) {
    let last = -1;
    for (let k = offsets[i]; k < offsets[i + 1]; k++) {
      const t = items[k];
      if (idMap[t] === UNSET) idMap[t] = dictionary.idOf(rows.tokens[t]);
      const id = idMap[t];
      if (id !== t) identity = false;
      if (id <= last) sorted = false;
      last = id;
    }
  }
  // No dense BitMatrix: tid-lists and ItemRows' holder bitsets answer the membership tests, and
  // building one cost more than it saved (BMS1: 10-25 ms, a third of a groups verification). Not
  // in shared memory either: the metrics of this thread read it, no other worker.
  const csr = identity && sorted ? rows : mappedSets(rows, idMap);
  const published = new Dataset(
    `${input.name} (release)`,
    input.format,
    csr.offsets,
    csr.items,
    dictionary,
    null,
  );
  built.set(rows, { input, published });
  return published;
}

/** Each token id's input id when its token is the input's item of that id; UNSET otherwise. */
function inputIdMap(input: Dataset, tokens: readonly string[]): Uint32Array {
  const map = new Uint32Array(tokens.length).fill(UNSET);
  const own = input.dictionary.tokens;
  const same = tokens === own;
  for (let t = 0; t < Math.min(tokens.length, own.length); t++) if (same || tokens[t] === own[t]) map[t] = t;
  return map;
}

/** The rows through `idMap`, each sorted with its repeats once. */
function mappedSets(rows: TokenRows, idMap: Uint32Array): CsrRows {
  const { offsets, items } = rows;
  const n = offsets.length - 1;
  const outOffsets = new Uint32Array(n + 1);
  let out = new Uint32Array(items.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const length = offsets[i + 1] - offsets[i];
    for (let k = 0; k < length; k++) out[at + k] = idMap[items[offsets[i] + k]];
    at += sortDistinct(out.subarray(at, at + length), length);
    outOffsets[i + 1] = at;
  }
  if (at < out.length) out = out.slice(0, at);
  return { offsets: outOffsets, items: out };
}
