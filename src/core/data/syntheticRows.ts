/**
 * A synthetic generator's rows (item numbers, unsorted, handed one by one to a callback) as a
 * Dataset or as FIMI text. Each row is taken in ascending order, as the FIMI text and `cli
 * generate` write it, so item ids come out in the same order as when that file is parsed: a run's
 * reproducing command (`--sensitive-random` draws ids) then picks the same items on the page and
 * in the CLI.
 */
import type { Dataset } from './dataset.ts';
import { DatasetBuilder } from './datasetBuilder.ts';
import { ItemDictionary } from './itemDictionary.ts';

/** A generator: calls `emit` once per transaction with its item numbers (any order). */
export type RowGenerator = (emit: (row: number[]) => void) => void;

export function generatedDataset(name: string, generate: RowGenerator): Dataset {
  const dictionary = new ItemDictionary();
  const builder = new DatasetBuilder(dictionary);
  generate((row) => builder.addIds(row.sort((a, b) => a - b).map((item) => dictionary.idOf(String(item)))));
  return builder.build(name, 'synthetic');
}

/** One FIMI line per transaction, items ascending. */
export function fimiLine(row: number[]): string {
  return row.sort((a, b) => a - b).join(' ');
}

export function generatedFimi(generate: RowGenerator): string {
  const lines: string[] = [];
  generate((row) => lines.push(fimiLine(row)));
  return lines.join('\n') + '\n';
}
