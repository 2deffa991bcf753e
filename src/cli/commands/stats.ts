/** `stats <file> [--format F]`: the dataset's characteristics (DESIGN.md sec. 6). */
import { datasetStats, type DatasetStats } from '../../core/data/stats.ts';
import { allowOnly, requirePositional, type ParsedArgs } from '../args.ts';
import { formatOption, readDataset } from '../readDataset.ts';

export async function statsCommand(args: ParsedArgs): Promise<DatasetStats> {
  allowOnly(args, PARSE_FLAGS);
  const [file] = requirePositional(args, 1, 'stats <file> [--format F]');
  const { dataset } = await readDataset(file, parseFlags(args));
  return datasetStats(dataset);
}

/** The flags of the parse options every command that reads a dataset accepts. */
export const PARSE_FLAGS = ['format', 'delimiter', 'header', 'buckets'];

/** The parse options every command that reads a dataset accepts. */
export function parseFlags(args: ParsedArgs) {
  const buckets = args.flags.get('buckets');
  return {
    format: formatOption(args.flags.get('format')),
    delimiter: args.flags.get('delimiter'),
    header: args.flags.get('header') === 'true',
    buckets: buckets === undefined ? undefined : Number(buckets),
  };
}
