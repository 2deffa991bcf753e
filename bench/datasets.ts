/**
 * The five benchmark files of the reference data folder against the characteristics its README
 * publishes (transactions, items, max and average length). The repository's tests check the three
 * it carries (test/data, gzip); this section checks all five where the reference copies exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { datasetStats } from '../src/core/data/stats.ts';

const PUBLISHED = [
  { file: 'BMS1.dat', transactions: 59602, items: 497, maxLength: 267, avgLength: 2.51 },
  { file: 'BMS2.dat', transactions: 77512, items: 3340, maxLength: 161, avgLength: 4.62 },
  { file: 'chess.dat', transactions: 3196, items: 75, maxLength: 37, avgLength: 37.0 },
  { file: 'mushroom.dat', transactions: 8124, items: 119, maxLength: 23, avgLength: 23.0 },
  { file: 'T10I4D100K.dat', transactions: 100000, items: 870, maxLength: 29, avgLength: 10.1 },
];

export function benchDatasets(folder: string): string {
  const rows = PUBLISHED.filter((p) => existsSync(`${folder}/${p.file}`)).map((p) => {
    const stats = datasetStats(parseBytes(readFileSync(`${folder}/${p.file}`), { fileName: p.file }).dataset);
    const same =
      stats.transactions === p.transactions &&
      stats.items === p.items &&
      stats.maxLength === p.maxLength &&
      Math.abs(stats.avgLength - p.avgLength) < 0.005 &&
      stats.empty === 0;
    return `| ${p.file} | ${stats.transactions.toLocaleString('en')} | ${stats.items.toLocaleString('en')} | ${stats.maxLength} | ${stats.avgLength.toFixed(2)} | ${same ? 'yes' : '**NO**'} |`;
  });
  return [
    '## The benchmark files against their published characteristics',
    '',
    '`stats` on each reference file; "as published" compares with the data README (transactions,',
    'items, max length, average length to 2 decimals, no empty rows).',
    '',
    '| file | transactions | items | max length | avg length | as published |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
