/** `stats <file> [--format F]`: the dataset's characteristics (DESIGN.md sec. 6). */
import { datasetStats, type DatasetStats } from '../../core/data/stats.ts';
import { allowOnly, requirePositional, type ParsedArgs } from '../args.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

export async function statsCommand(args: ParsedArgs): Promise<DatasetStats> {
  allowOnly(args, PARSE_FLAGS);
  const [file] = requirePositional(args, 1, 'stats <file> [--format F]');
  const { dataset } = await readDataset(file, parseFlags(args));
  return datasetStats(dataset);
}
