/**
 * `buckets` releases (l-diverse multi-dimension anatomy, anatomy paper Sec. IV and Def. 5) as the
 * attacker reads them: each bucket publishes each column's values (the itemset a row holds in that
 * column) with the columns permuted apart, so the attacker can tell which buckets hold a value
 * covering its known items, not which row of the other columns goes with it. A bucket's weight is
 * the fewest cells matching the known items over the columns they fall in (at most that many of
 * its rows can be the person); the candidates are the weighted buckets. Inference guesses a
 * target's value in another column: the share of a bucket's rows holding a value is its count
 * over the bucket's size (the frequency reading of l-diversity bounds it by 1/l).
 */
import { rowTokens } from '../../release/tokenRows.ts';
import type { Dataset } from '../../data/dataset.ts';
import { sortedHas } from '../../data/rowDistance.ts';
import { publishedDataset } from '../../release/publishedRows.ts';
import { bucketCells, bucketCount } from '../../release/tables.ts';
import type { BucketsRelease } from '../../release/types.ts';
import type { AttackView, Candidates, KindReader, Secret, SecretModel } from './types.ts';
import { unitsOfLists } from './listUnits.ts';

/** The column of each input item (-1: in no column). */
function columnsOf(input: Dataset, release: BucketsRelease): Int32Array {
  const column = new Int32Array(input.d).fill(-1);
  release.columns.forEach((tokens, c) =>
    tokens.forEach((t) => {
      const id = input.dictionary.find(t);
      if (id !== undefined) column[id] = c;
    }),
  );
  return column;
}

/** A value's key: its sorted input ids joined by commas ('' for the empty value). */
const keyOf = (ids: ArrayLike<number>) => Array.from(ids).join(',');

function bucketsView(input: Dataset, release: BucketsRelease): AttackView {
  const table = release.buckets;
  const cells = publishedDataset(input, table.cells);
  const column = columnsOf(input, release);
  const buckets = bucketCount(table);
  const values = new Map<string, Map<string, number>>(); // `${b}:${c}` -> value key -> count
  const valueCount = (b: number, c: number, key: string) => {
    let counts = values.get(`${b}:${c}`);
    if (!counts) {
      counts = new Map();
      const range = bucketCells(table, b, c);
      if (range)
        for (let r = range.from; r < range.to; r++) {
          const k = keyOf(cells.row(r));
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
      values.set(`${b}:${c}`, counts);
    }
    return counts.get(key) ?? 0;
  };
  return {
    units: buckets,
    candidates(known): Candidates {
      const byColumn = new Map<number, number[]>();
      for (const item of known)
        if (column[item] >= 0)
          (byColumn.get(column[item]) ?? byColumn.set(column[item], []).get(column[item])!).push(item);
      const weight = new Float64Array(buckets);
      let persons = 0;
      for (let b = 0; b < buckets; b++) {
        let w = table.size[b];
        for (const [c, items] of byColumn) {
          const range = bucketCells(table, b, c);
          let matching = 0;
          if (range)
            for (let r = range.from; r < range.to; r++) {
              const from = cells.offsets[r];
              const to = cells.offsets[r + 1];
              if (items.every((id) => sortedHas(cells.items, id, from, to))) matching++;
            }
          w = Math.min(w, matching);
        }
        weight[b] = w;
        persons += w;
      }
      return {
        persons,
        holds: (unit) => unit >= 0 && unit < buckets && weight[unit] > 0,
        share(secret: Secret) {
          if (persons === 0 || secret.column === undefined || secret.value === undefined) return 0;
          let sum = 0;
          for (let b = 0; b < buckets; b++)
            if (weight[b] > 0)
              sum += (weight[b] * valueCount(b, secret.column, secret.value)) / table.size[b];
          return sum / persons;
        },
        list(limit) {
          const out: number[] = [];
          for (let b = 0; b < buckets && out.length < limit; b++) if (weight[b] > 0) out.push(b);
          return out;
        },
      };
    },
  };
}

/**
 * Inference on buckets: the attacker knows items of the target's largest value (the column where
 * it holds most items; the first such column on a tie) and guesses its value in each other column.
 */
function bucketSecrets(input: Dataset, release: BucketsRelease): SecretModel {
  const column = columnsOf(input, release);
  const columns = release.columns.length;
  const projection = (row: number, c: number) => Array.from(input.row(row)).filter((i) => column[i] === c);
  const knownColumn = (row: number) => {
    let best = 0;
    let most = -1;
    for (let c = 0; c < columns; c++) {
      const held = projection(row, c).length;
      if (held > most) [best, most] = [c, held];
    }
    return best;
  };
  return {
    known: (row) => projection(row, knownColumn(row)),
    secrets(row) {
      const from = knownColumn(row);
      const out: Secret[] = [];
      for (let c = 0; c < columns; c++) {
        if (c === from) continue;
        const value = keyOf(projection(row, c));
        out.push({ column: c, value, heldBy: (other) => keyOf(projection(other, c)) === value });
      }
      return out;
    },
  };
}

export const bucketsReader: KindReader<BucketsRelease> = {
  kind: 'buckets',
  view: bucketsView,
  unitOfRows: (input, _release, audit) =>
    unitsOfLists(input.n, 'buckets' in audit ? audit.buckets : undefined),
  secrets: bucketSecrets,
  unitTokens: (release, unit) =>
    release.columns.map((_, c) => {
      const range = bucketCells(release.buckets, unit, c);
      const values = new Set<string>();
      if (range)
        for (let r = range.from; r < range.to; r++)
          values.add(`{${rowTokens(release.buckets.cells, r).join(', ')}}`);
      return `column ${c + 1}: ${[...values].join(' ')}`;
    }),
};
