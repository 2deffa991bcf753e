/** Checks klFast.ts against src/core/metrics/kl.ts (same queries, same value) on a real run. */
import { readDataset } from '../../src/cli/readDataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { runMethod } from '../../src/core/run/runMethod.ts';
import type { GroupsAudit } from '../../src/core/release/types.ts';
import { KlEvaluator, makeQueries, mean } from './klFast.ts';

for (const data of ['BMS1', 'BMS2']) {
  const { dataset } = await readDataset(`/work/shared/data/${data}.dat`);
  const index = ItemRows.of(dataset);
  for (const [method, seed] of [
    ['gray-cahd', 3],
    ['nn', 7],
  ] as const) {
    const { record, audit } = runMethod(dataset, {
      method,
      params: { p: 10 },
      seed,
      sensitive: { random: 10 },
      metrics: ['kl'],
      metricOptions: { queries: 300 },
    });
    const S = record.sensitive.map((t) => dataset.dictionary.find(t)!);
    const Q = makeQueries(dataset, index, S, 300, 4, seed, 'uniform');
    const fast = mean(new KlEvaluator(dataset, index, (audit as GroupsAudit).groups, S).all(Q));
    console.log(
      data,
      method,
      'kl.ts',
      record.metrics.kl,
      'klFast',
      fast,
      'diff',
      Math.abs(record.metrics.kl - fast),
    );
  }
}
