/** `risk <file> [--known 1,2,3,4] [--trials N] [--seed S]`: re-identification risk (Ghinita Sec. 6.1). */
import { DEFAULT_RISK_TRIALS, reidentificationRisk, type RiskPoint } from '../../core/metrics/risk.ts';
import { allowOnly, intFlag, intListFlag, requirePositional, seedFlag, type ParsedArgs } from '../args.ts';
import { PARSE_FLAGS, parseFlags, readDataset } from '../readDataset.ts';

export async function riskCommand(args: ParsedArgs): Promise<{ risk: RiskPoint[] }> {
  allowOnly(args, [...PARSE_FLAGS, 'known', 'trials', 'seed']);
  const [file] = requirePositional(args, 1, 'risk <file> [--known 1,2,3,4] [--trials N] [--seed S]');
  const known = intListFlag(args, 'known', [1, 2, 3, 4]);
  const trials = intFlag(args, 'trials', DEFAULT_RISK_TRIALS, 1);
  const seed = seedFlag(args);
  const { dataset } = await readDataset(file, parseFlags(args));
  return { risk: reidentificationRisk(dataset, { known, trials, seed }) };
}
