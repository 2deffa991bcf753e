/**
 * Table 3 under the implementation's reading (j distinct items of a sampled transaction, unique
 * holder) when only transactions with at least L items are sampled, for several L: how long must
 * the attacked transactions be for the paper's shares to come out?
 *   node --import tsx notes/scripts/riskLength.ts [--trials 20000]
 */
import { readDataset } from '../../src/cli/readDataset.ts';
import { ItemRows } from '../../src/core/data/itemRows.ts';
import { createRng } from '../../src/core/base/rng.ts';

const trials = Number(process.argv[3] ?? 20000);
for (const data of ['BMS1', 'BMS2']) {
  const { dataset: ds } = await readDataset(`/work/shared/data/${data}.dat`);
  const index = ItemRows.of(ds);
  console.log(
    `\n${data}: share (%) re-identified, transactions with >= max(j, L) items, ${trials} trials, seed 1`,
  );
  console.log('| L | eligible rows | j=1 | j=2 | j=3 | j=4 |');
  console.log('|---|---|---|---|---|---|');
  for (const L of [1, 4, 6, 8, 10, 15, 20]) {
    const cells: string[] = [];
    let eligibleL = 0;
    for (let r = 0; r < ds.n; r++) if (ds.rowLength(r) >= L) eligibleL++;
    for (const j of [1, 2, 3, 4]) {
      const rng = createRng(1000 * L + j);
      const el: number[] = [];
      for (let r = 0; r < ds.n; r++) if (ds.rowLength(r) >= Math.max(j, L)) el.push(r);
      let hit = 0;
      for (let t = 0; t < trials; t++) {
        const row = ds.row(el[rng.int(el.length)]);
        const items = rng.sample(row.length, j).map((k) => row[k]);
        if (index.countRowsContaining(items, 2) === 1) hit++;
      }
      cells.push(((100 * hit) / trials).toFixed(2));
    }
    console.log(`| ${L} | ${eligibleL} | ${cells.join(' | ')} |`);
  }
}
