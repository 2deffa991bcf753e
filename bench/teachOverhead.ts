/**
 * `npx tsx bench/teachOverhead.ts OTHER_CHECKOUT [rounds]`: is a production run of every method as
 * fast with the teaching recorder in its code path as without? The CPU time of each method's `run`
 * alone (bench/methodCpu.ts, in-process, after a warm-up) in this checkout and in another one (an
 * export of main, say; the script is copied there), on BMS1 (chess for multi-anatomy, whose BMS1
 * setting is refused), the two processes alternating; medians per method and their ratio, this /
 * other. CPU time, not wall time: the machine is shared. Needs ../shared/data.
 */
import { copyFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const other = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
if (!other) throw new Error('usage: npx tsx bench/teachOverhead.ts OTHER_CHECKOUT [rounds]');
copyFileSync('bench/methodCpu.ts', `${other}/bench/methodCpu.ts`);

const RUNS: [string, string, string[]][] = [
  ['gray-cahd', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['rcm-cahd', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['nn', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['lsh', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['perm-mondrian', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['anatomy', 'BMS1.dat', ['--p', '10', '--sensitive-random', '10']],
  ['pta', 'BMS1.dat', ['--k', '5']],
  ['patternka', 'BMS1.dat', ['--k', '5']],
  ['multi-anatomy', 'chess.dat', ['--l', '2']],
  ['coat', 'BMS1.dat', ['--k', '5', '--m', '2']],
  ['apriori-km', 'BMS1.dat', ['--k', '5', '--m', '2']],
];

function cpu(dir: string, method: string, file: string, flags: string[], n: number): number[] {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/methodCpu.ts', `/work/shared/data/${file}`, method, String(n), ...flags],
    { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (result.status !== 0) throw new Error(`${dir} ${method}: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { cpuMs: number[] }).cpuMs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log('| method | CPU ms this (median) | CPU ms other (median) | this / other |');
console.log('|---|---|---|---|');
const ratios: number[] = [];
for (const [method, file, flags] of RUNS) {
  const here: number[] = [];
  const there: number[] = [];
  // Two processes each, alternating, so that a busy spell of the machine falls on both.
  for (let half = 0; half < 2; half++) {
    here.push(...cpu('.', method, file, flags, Math.ceil(rounds / 2)));
    there.push(...cpu(other, method, file, flags, Math.ceil(rounds / 2)));
  }
  const [h, o] = [median(here), median(there)];
  ratios.push(h / o);
  console.log(`| ${method} | ${h.toFixed(0)} | ${o.toFixed(0)} | ${(h / o).toFixed(3)} |`);
}
console.log(
  `\ngeometric mean of the ratios: ${Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length).toFixed(3)}`,
);
