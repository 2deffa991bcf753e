/**
 * `--sample-rows N --sample-items M` (`teach`): a lesson on a file too large to step through takes
 * N of its transactions at random (with the run's seed) over its M most frequent items
 * (core/data/teachingSample.ts). Either flag takes the sample; the other then has its default.
 */
import { DEFAULT_SAMPLE, TEACHING_ROWS } from '../core/teach/trace.ts';
import type { SampleSize } from '../core/data/teachingSample.ts';
import type { FlagSpec } from './flagSpec.ts';
import type { FlagValues } from './readCommandLine.ts';

export const SAMPLE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'sample-rows',
    kind: 'integer',
    min: 1,
    max: TEACHING_ROWS,
    value: 'N',
    defaultText: `${DEFAULT_SAMPLE.rows} with --sample-items`,
    help: 'step through N transactions drawn at random (with --seed) from the file',
  },
  {
    name: 'sample-items',
    kind: 'integer',
    min: 1,
    max: 1000,
    value: 'M',
    defaultText: `${DEFAULT_SAMPLE.items} with --sample-rows`,
    help: "the sample keeps the file's M most frequent items (and the sensitive items named)",
  },
];

/** The sample asked for, or undefined when neither flag is given. */
export function sampleSizeOf(values: FlagValues): SampleSize | undefined {
  const rows = values.integer('sample-rows');
  const items = values.integer('sample-items');
  if (rows === undefined && items === undefined) return undefined;
  return { rows: rows ?? DEFAULT_SAMPLE.rows, items: items ?? DEFAULT_SAMPLE.items };
}
