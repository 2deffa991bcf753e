/**
 * `npm run bench -- attack` (issue 39): the cost of `txanon attack` on a 100,000-row release
 * against `evaluate` on the same release (verification and default metrics), as CPU time in fresh
 * processes (bench/attackCpu.ts), alternated, three rounds each; the figure is the ratio of the
 * medians (target: at most 3). The release: PTA k = 5 on T10I4D100K (100,000 rows), made once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { median } from './timing.ts';

const ROUNDS = 3;

function cpuOf(mode: 'attack' | 'evaluate', data: string, release: string, audit: string): number {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/attackCpu.ts', mode, data, release, audit],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out).cpuMs;
}

export function benchAttack(shared: string): string {
  const data = `${shared}/T10I4D100K.dat`;
  if (!existsSync(data)) return '';
  mkdirSync('.tmp', { recursive: true });
  const release = '.tmp/bench-attack-pta.json';
  const audit = '.tmp/bench-attack-pta-audit.json';
  if (!existsSync(release) || !existsSync(audit))
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'anonymize',
        data,
        '--method',
        'pta',
        '--k',
        '5',
        '--out',
        release,
        '--audit',
        audit,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  const attack: number[] = [];
  const evaluate: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    attack.push(cpuOf('attack', data, release, audit));
    evaluate.push(cpuOf('evaluate', data, release, audit));
  }
  const ratio = median(attack) / median(evaluate);
  return [
    '## Attack against evaluate on a 100,000-row release',
    '',
    `PTA k = 5 on T10I4D100K (100,000 rows). CPU time (user + system) of the operation alone, the input and release read first, each in a fresh process, ${ROUNDS} rounds alternated (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores). attack: identity at m = 1..4, 2,000 targets each (the defaults of \`txanon attack\`); evaluate: the verifier and the default metrics.`,
    '',
    '| release | attack CPU ms (median) | evaluate CPU ms (median) | attack / evaluate | target |',
    '|---|---|---|---|---|',
    `| T10I4D100K, pta k=5 | ${median(attack).toFixed(0)} | ${median(evaluate).toFixed(0)} | **${ratio.toFixed(2)}** | ≤ 3 |`,
    '',
  ].join('\n');
}
