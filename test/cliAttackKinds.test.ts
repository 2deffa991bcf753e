/**
 * `txanon attack` over one release of every release kind (DESIGN.md sec. 4, 8): transactions (PTA),
 * generalized (apriori-km), groups (gray-cahd), buckets (multi-anatomy), itemsets (PrivBasis) and
 * disassociated (disassociation). Each honest release keeps every bound its model claims
 * (`holds: true` wherever there is a bound, and at least one bound); the same release with its
 * params edited to claim more than its rows deliver (cliAttack.test.ts's broken PTA release, made
 * for each kind: k, p or l raised) reads `holds: false` (the attack holds a release to its header's
 * claim, attack/modelBounds.ts). An itemsets release cannot be broken by editing its file (see
 * below): its broken case is attack.test.ts's noiseless PrivBasis.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';

interface Attack {
  attack: string;
  bound: number | null;
  holds: boolean | null;
}

const KINDS: { kind: string; method: string[]; claim: Record<string, number> | null }[] = [
  { kind: 'transactions', method: ['--method', 'pta', '--k', '2'], claim: { k: 40 } },
  { kind: 'generalized', method: ['--method', 'apriori-km', '--k', '2', '--m', '2'], claim: { k: 40 } },
  {
    kind: 'groups',
    method: ['--method', 'gray-cahd', '--p', '2', '--sensitive-top', '2'],
    claim: { p: 40 },
  },
  { kind: 'buckets', method: ['--method', 'multi-anatomy', '--l', '2', '--columns', '2'], claim: { l: 40 } },
  // The membership game replays the mechanism at the header's ε rather than reading the published
  // supports, so no edit of the file breaks it: the broken itemsets release is attack.test.ts's
  // PrivBasis without its noise (a mechanism, in process).
  { kind: 'itemsets', method: ['--method', 'privbasis', '--epsilon', '1'], claim: null },
  {
    kind: 'disassociated',
    method: ['--method', 'disassociation', '--k', '2', '--m', '2', '--maxCluster', '6'],
    claim: { k: 40 },
  },
];

describe('txanon attack over every release kind', () => {
  const dir = scratch('attack-kinds');
  // 48 rows over 12 items: pairs and triples that repeat, so that every method has classes to form.
  const data = dir.file(
    'data.dat',
    Array.from({ length: 48 }, (_, i) => `${i % 6} ${6 + (i % 4)} ${10 + (i % 3)}`).join('\n') + '\n',
  );

  for (const { kind, method, claim } of KINDS)
    it(`${kind}: holds on the release${claim ? `, not once its params claim ${JSON.stringify(claim)}` : ''}`, async () => {
      const release = dir.path(`${kind}.json`);
      const audit = dir.path(`${kind}-audit.json`);
      const made = await cliInProcess(
        'anonymize',
        data,
        ...method,
        ...['--seed', '1', '--out', release, '--audit', audit, '--quiet'],
      );
      expect(made.code, made.stderr).toBe(0);
      const attack = async (file: string) => {
        const run = await cliInProcess(
          'attack',
          data,
          file,
          ...['--audit', audit, '--known', '1,2', '--runs', '20', '--quiet'],
        );
        expect(run.code, run.stderr).toBe(0);
        return JSON.parse(run.stdout) as { kind: string; attacks: Attack[] };
      };
      const honest = await attack(release);
      expect(honest.kind).toBe(kind);
      const bounded = honest.attacks.filter((a) => a.bound !== null);
      expect(bounded.length).toBeGreaterThan(0);
      expect(bounded.map((a) => [a.attack, a.holds])).toEqual(bounded.map((a) => [a.attack, true]));

      if (!claim) return;
      const json = JSON.parse(readFileSync(release, 'utf8')) as { params: Record<string, unknown> };
      Object.assign(json.params, claim);
      const edited = dir.path(`${kind}-claimed.json`);
      writeFileSync(edited, JSON.stringify(json));
      const claimed = await attack(edited);
      expect(claimed.attacks.some((a) => a.holds === false)).toBe(true);
    });
});
