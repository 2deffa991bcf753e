/**
 * `txanon attack` (DESIGN.md sec. 8): the JSON it prints on the input alone and on a release (with
 * the output shape the contract fixes), a release whose params were edited read holds: false, and
 * bad arguments exit 2 before any work.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';

const FIG1A = 'public/samples/ghinita-fig1a.csv';

describe('txanon attack', () => {
  const dir = scratch('attack');
  const data = dir.file(
    'data.dat',
    Array.from({ length: 24 }, (_, i) => `${i % 6} ${6 + (i % 4)} ${10 + (i % 3)}`).join('\n') + '\n',
  );

  it('on the input alone: identity before only, one entry per number of known items', async () => {
    const { code, stdout } = await cliInProcess('attack', FIG1A, '--known', '1,2');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.kind).toBe('input');
    expect(report.attacks.map((a: { known: number }) => a.known)).toEqual([1, 2]);
    for (const attack of report.attacks) {
      expect(Object.keys(attack).sort()).toEqual(['attack', 'before', 'bound', 'holds', 'known', 'targets']);
      expect(Object.keys(attack.before).sort()).toEqual(['rate', 'upper95', 'worst']);
      expect(attack.before.upper95).toBeGreaterThanOrEqual(attack.before.rate);
    }
  });

  it('on a PTA release: holds; with its params edited to claim k = 5: holds false', async () => {
    const release = dir.path('r.json');
    const audit = dir.path('a.json');
    const made = await cliInProcess(
      'anonymize',
      data,
      '--method',
      'pta',
      '--k',
      '2',
      '--out',
      release,
      '--audit',
      audit,
    );
    expect(made.code).toBe(0);
    const honest = JSON.parse(
      (await cliInProcess('attack', data, release, '--audit', audit, '--known', '1,2')).stdout,
    );
    expect(honest.kind).toBe('transactions');
    expect(honest.attacks.every((a: { holds: boolean; bound: number }) => a.holds && a.bound === 0.5)).toBe(
      true,
    );
    const json = JSON.parse(readFileSync(release, 'utf8'));
    json.params.k = 5;
    const edited = dir.path('edited.json');
    writeFileSync(edited, JSON.stringify(json));
    const claimed = JSON.parse(
      (await cliInProcess('attack', data, edited, '--audit', audit, '--known', '1,2')).stdout,
    );
    expect(claimed.attacks.map((a: { bound: number }) => a.bound)).toEqual([0.2, 0.2]);
    expect(claimed.attacks.some((a: { holds: boolean }) => a.holds === false)).toBe(true);
  });

  it('exit 2 for bad arguments, before any work', async () => {
    const release = dir.path('r.json');
    for (const [args, message] of [
      [[data, release], /a release needs its audit/],
      [[data, '--audit', release], /--audit applies only with a release/],
      [[data, '--choose', 'sometimes'], /--choose/],
      [[data, '--known', '0'], /--known/],
      [[data, release, release, release, '--audit', release], /usage/],
      [[data, dir.file('bad.json', '{"format": 1}'), '--audit', dir.path('a.json')], /bad\.json/],
    ] as const) {
      const result = await cliInProcess('attack', ...args);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});
