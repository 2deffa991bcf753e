/**
 * apriori-km's figures on BMS1 (issue 32): NCP and AvgRE of the release at k = 5, 10, 50 with m = 2
 * and k = 5 with m = 3, over the alphabetical fan-out-5 hierarchy, and with no hierarchy given (the
 * default built one), with the share of item occurrences generalized. CPU seconds of the process for
 * each run (process.cpuUsage), since the machine is shared. Usage:
 *   npx tsx bench/aprioriRefine.ts [BMS1 file] [out.json]
 * (notes/analyst-traps.md has the figures before and after issue 32.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseBytes } from '../src/core/data/parsers/index.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { buildHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';
import { bindHierarchy } from '../src/core/data/hierarchy/rangeTree.ts';
import { aprioriAnonymize, aprioriPass } from '../src/core/methods/apriori-km/aprioriAnonymization.ts';

const file = process.argv[2] ?? 'test/data/BMS1.dat.gz';
const out = process.argv[3];
const raw = readFileSync(file);
const bytes = file.endsWith('.gz') ? gunzipSync(raw) : raw;
const { dataset } = parseBytes(new Uint8Array(bytes), { fileName: 'BMS1.dat' });

const cases: { label: string; params: Record<string, number | string> }[] = [
  ...[5, 10, 50].map((k) => ({
    label: `alphabetical f=5, k=${k} m=2`,
    params: { k, m: 2, f: 5, order: 'alphabetical' },
  })),
  { label: 'alphabetical f=5, k=5 m=3', params: { k: 5, m: 3, f: 5, order: 'alphabetical' } },
  { label: 'default (no hierarchy), k=5 m=2', params: { k: 5, m: 2 } },
];
const rows: Record<string, unknown>[] = [];
for (const { label, params } of cases) {
  const cpu = process.cpuUsage();
  const { record } = runMethod(dataset, { method: 'apriori-km', params, seed: 1, metrics: ['avgre', 'ncp'] });
  const used = process.cpuUsage(cpu);
  const s = record.summary as unknown as Record<string, number>;
  const row = {
    case: label,
    ncp: Number(record.metrics.ncp?.toFixed(6)),
    avgre: Number(record.metrics.avgre?.toFixed(3)),
    generalizedItems: record.notes?.['generalized items'],
    itemsKept: s.items_kept,
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    warnings: record.warnings.length,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
if (out) writeFileSync(out, JSON.stringify(rows, null, 2) + '\n');

/**
 * With `APRIORI_RETAIL=FILE` (a `generate --shape retail` file): the CPU seconds of AA's pass alone
 * and of the whole method (AA, its refinement, the top-down search) on it, k = 5, m = 2, fan-out 5
 * over the items by id (the scale bench's setting), and both cuts' NCP.
 */
const retail = process.env.APRIORI_RETAIL;
if (retail) {
  const { dataset: data } = parseBytes(new Uint8Array(readFileSync(retail)), { fileName: retail });
  const { tree } = bindHierarchy(buildHierarchy(data, 5, 'id'), data);
  let cpu = process.cpuUsage();
  const pass = aprioriPass(data, tree, 5, 2);
  const passCpu = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const whole = aprioriAnonymize(data, tree, 5, 2);
  const wholeCpu = process.cpuUsage(cpu);
  const seconds = (u: NodeJS.CpuUsage) => Number(((u.user + u.system) / 1e6).toFixed(1));
  console.log(
    JSON.stringify({
      retail,
      aaCpuSeconds: seconds(passCpu),
      wholeCpuSeconds: seconds(wholeCpu),
      aaNcp: Number(pass.cut.ncp().toFixed(6)),
      ncp: Number(whole.ncp.toFixed(6)),
      search: whole.search,
    }),
  );
}
