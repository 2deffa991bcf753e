/**
 * Random valid runs (the guarantees behind every other category): a random dataset, a method of
 * the registry, random feasible-looking params and a seed, run by `anonymize` with its release,
 * audit and export written. The run is exit 0 with `verified: true` (then run again: the same
 * release, audit and export byte for byte; and `evaluate` verifies what was written), or exit 2
 * saying why the setting is infeasible on this data. Never exit 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODS } from '../../src/core/methods/registry.ts';
import { caseRng, pickOf, runCli, type CaseSource } from './fuzzCase.ts';

/** The reasons a setting is infeasible on some data, as the methods say them. */
export const INFEASIBLE =
  /is impossible|needs at least|cannot be made|utility constraints violated|number of sensitive items|held by at most|is more than the|is at most the|need at least|no sensitive item|fewer than|does not occur/;

export const runCase: CaseSource = (seed, index) => {
  const rng = caseRng(seed, 'runs', index);
  const spec = METHODS[index % METHODS.length];
  const items = 4 + rng.int(30);
  const rows = Array.from({ length: 10 + rng.int(150) }, () => {
    const row = new Set<number>();
    const length = 1 + rng.int(Math.min(8, items));
    while (row.size < length) row.add(Math.floor(items * rng.float() ** 2));
    return [...row];
  });
  const params: string[] = [];
  for (const p of spec.params) {
    // The privacy level always (small enough for small data), the other int params now and then.
    const level = ['k', 'p', 'l'].includes(p.name);
    if (p.type !== 'int' || (!level && rng.int(3) === 0)) continue;
    // COAT's m = 0 asks for a constraints file: this source runs the k^m mode.
    const low = p.name === 'm' ? Math.max(1, p.min ?? 1) : (p.min ?? 0);
    const high = Math.min(p.max ?? low + (level ? 2 : 4), low + 4);
    params.push(`--${p.name}`, String(low + rng.int(high - low + 1)));
  }
  const sensitive = spec.needsSensitive
    ? [pickOf(rng, ['--sensitive-top', '--sensitive-band', '--sensitive-random']), String(1 + rng.int(3))]
    : [];
  const runSeed = String(rng.nextU32());
  return {
    category: 'runs',
    name: `${spec.id} ${[...params, ...sensitive].join(' ')} on ${rows.length} rows of ${items} items`,
    prepare(dir) {
      const data = join(dir, 'data.dat');
      writeFileSync(data, rows.map((r) => r.join(' ')).join('\n') + '\n');
      const argvFor = (tag: string) => [
        'anonymize',
        data,
        '--method',
        spec.id,
        ...params,
        ...sensitive,
        '--seed',
        runSeed,
        '--workers',
        '1',
        '--out',
        join(dir, `r${tag}.json`),
        '--audit',
        join(dir, `a${tag}.json`),
        '--export',
        join(dir, `e${tag}.csv`),
      ];
      const written = (tag: string) =>
        ['r', 'a', 'e'].map((f) =>
          readFileSync(join(dir, `${f}${tag}.${f === 'e' ? 'csv' : 'json'}`), 'utf8'),
        );
      return {
        argv: argvFor('1'),
        expect: {
          code: [0, 2],
          message: INFEASIBLE,
          stdout: (json) => ((json as { verified: boolean }).verified ? null : 'not verified'),
        },
        unchanged: [data],
        mayWrite: [
          'r1.json',
          'a1.json',
          'e1.csv',
          'e1-sensitive.csv',
          'e1-generalized.csv',
          'r2.json',
          'a2.json',
          'e2.csv',
          'e2-sensitive.csv',
          'e2-generalized.csv',
        ],
        async after() {
          const again = await runCli(argvFor('2'));
          if (again.code !== 0) return `the same run again: exit ${again.code} ${again.stderr}`;
          const [first, second] = [written('1'), written('2')];
          const differs = ['release', 'audit', 'export'].find((_, i) => first[i] !== second[i]);
          if (differs) return `the same run again wrote another ${differs}`;
          const evaluated = await runCli([
            'evaluate',
            data,
            join(dir, 'r1.json'),
            '--audit',
            join(dir, 'a1.json'),
          ]);
          if (evaluated.code !== 0 || JSON.parse(evaluated.stdout).verified !== true)
            return `evaluate of the written release: exit ${evaluated.code} ${evaluated.stderr || evaluated.stdout.slice(0, 200)}`;
          return null;
        },
      };
    },
  };
};
