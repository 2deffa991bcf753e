/** `risk <file> [--known 1,2,3,4] [--trials N] [--seed S]`: re-identification risk (Ghinita Sec. 6.1). */
import { DEFAULT_RISK_TRIALS, reidentificationRisk, type RiskPoint } from '../../core/metrics/risk.ts';
import { KNOWN_FLAG, PARSE_FLAGS, SEED_FLAG } from '../commonFlags.ts';
import type { CommandSpec } from '../flagSpec.ts';
import { parseFlags, readDataset } from '../readDataset.ts';

export const riskCommand: CommandSpec<{ risk: RiskPoint[] }> = {
  name: 'risk',
  summary: 'the share of transactions uniquely identified by j of their own items (Ghinita Table 3)',
  positional: [{ name: 'file', help: 'the dataset' }],
  flags: [
    ...PARSE_FLAGS,
    KNOWN_FLAG,
    {
      name: 'trials',
      kind: 'integer',
      min: 1,
      max: 1_000_000,
      default: DEFAULT_RISK_TRIALS,
      help: 'transactions drawn per number of known items',
    },
    SEED_FLAG,
  ],
  async run(values) {
    const { dataset } = await readDataset(values.positional[0], parseFlags(values));
    return {
      risk: reidentificationRisk(dataset, {
        known: values.integers('known') ?? [1, 2, 3, 4],
        trials: values.integer('trials')!,
        seed: values.integer('seed')!,
      }),
    };
  },
};
