/** `stats <file> [--format F]`: the dataset's characteristics (DESIGN.md sec. 6). */
import { datasetStats, type DatasetStats } from '../../core/data/stats.ts';
import { PARSE_FLAGS } from '../commonFlags.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

export const statsCommand: CommandSpec<DatasetStats> = {
  name: 'stats',
  summary: "the dataset's characteristics: transactions, items, longest and average row, density",
  positional: [{ name: 'file', help: 'the dataset' }],
  flags: PARSE_FLAGS,
  async run(values) {
    const { dataset } = await readDataset(values.positional[0], parseFlags(values));
    return datasetStats(dataset);
  },
};
