/**
 * The command line's hierarchies and rules (DESIGN.md sec. 6, 7): `anonymize --hierarchy FILE
 * --rules-out FILE` and `apply FILE --rules rules.json --export OUT`, as a user runs them.
 */
import { describe, expect, it } from 'vitest';
import { cliSpawned as cli } from './cliSpawned.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const dir = mkdtempSync(join(tmpdir(), 'txanon-rules-'));
const at = (name: string) => join(dir, name);

describe('a release made over a given hierarchy evaluates again', () => {
  it('names no f or order (moot beside the hierarchy), and evaluate verifies it; a missing k is still refused', () => {
    const args = ['public/samples/groceries.csv', '--method', 'apriori-km', '--k', '2', '--m', '2'];
    const hierarchy = ['--hierarchy', 'public/samples/groceries-hierarchy.csv'];
    const made = cli(
      'anonymize',
      ...args,
      ...hierarchy,
      '--out',
      at('h.json'),
      '--audit',
      at('h-audit.json'),
    );
    expect(made.code).toBe(0);
    const release = JSON.parse(readFileSync(at('h.json'), 'utf8'));
    expect(release.params).toEqual({ k: 2, m: 2, hierarchy: 'given' });
    const evaluated = cli(
      'evaluate',
      'public/samples/groceries.csv',
      at('h.json'),
      '--audit',
      at('h-audit.json'),
    );
    expect(evaluated.stderr).toBe('');
    expect(JSON.parse(evaluated.stdout).verified).toBe(true);
    writeFileSync(at('h-no-k.json'), JSON.stringify({ ...release, params: { m: 2, hierarchy: 'given' } }));
    const tampered = cli(
      'evaluate',
      'public/samples/groceries.csv',
      at('h-no-k.json'),
      '--audit',
      at('h-audit.json'),
    );
    expect(tampered.code).toBe(2);
    expect(tampered.stderr).toContain('params.k');
  });
});

describe('anonymize --hierarchy --rules-out, then apply', () => {
  it('generalizes by the hierarchy file, saves the rules, and treats the next batch alike', () => {
    const run = cli(
      'anonymize',
      'public/samples/groceries.csv',
      '--method',
      'apriori-km',
      '--k',
      '3',
      '--m',
      '2',
      '--hierarchy',
      'public/samples/groceries-hierarchy.csv',
      '--out',
      at('release.json'),
      '--rules-out',
      at('rules.json'),
    );
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout);
    expect(record.verified).toBe(true);
    expect(record.notes['chosen by']).toMatch(/NCP/);
    expect(record.command).toContain('--hierarchy public/samples/groceries-hierarchy.csv');
    const rules = JSON.parse(readFileSync(at('rules.json'), 'utf8'));
    expect(rules).toMatchObject({ format: 'txanon-rules/1', kind: 'generalized', method: 'apriori-km' });
    expect(rules.hierarchy).toContain('ginger ale;soft drinks;drinks;all food');

    const applied = cli(
      'apply',
      'public/samples/groceries-next.csv',
      '--rules',
      at('rules.json'),
      '--export',
      at('next.csv'),
    );
    expect(applied.code).toBe(0);
    const result = JSON.parse(applied.stdout);
    expect(result).toMatchObject({
      holds: false,
      offers: 1,
      report: { rows: 60, newItems: 3, newByHierarchy: 1 },
    });
    expect(result.offenders[0]).toMatch(/itemset \{.*\} occurs in 1 rows, fewer than k = 3/);
    const exported = readFileSync(at('next.csv'), 'utf8').trim().split('\n');
    expect(exported).toHaveLength(60);
    expect(readFileSync(at('next-generalized.csv'), 'utf8')).toContain('soft drinks,ginger ale');
    // The same rules on the input they came from: the guarantee holds.
    const same = JSON.parse(
      cli('apply', 'public/samples/groceries.csv', '--rules', at('rules.json'), '--export', at('same.csv'))
        .stdout,
    );
    expect(same).toMatchObject({ holds: true, offenders: [] });
  });

  it('k-anonymity rules: FIMI in, FIMI out; a kind without rules and bad files are exit 2', () => {
    const data = at('d.dat');
    writeFileSync(data, Array.from({ length: 30 }, (_, i) => `${i % 3} ${(i % 5) + 3} 9`).join('\n') + '\n');
    const pta = ['anonymize', data, '--method', 'pta', '--k', '3', '--out', at('p.json')];
    // The fingerprints are keyed and the key goes with the audit only: rules without an audit are refused.
    const keyless = cli(...pta, '--rules-out', at('p-rules.json'));
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/secret key kept in the audit only; give --audit audit\.json too/);
    const made = cli(...pta, '--rules-out', at('p-rules.json'), '--audit', at('p-audit.json'));
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout).rules_private).toMatch(/keyed fingerprint of each of the 30 input rows/);
    const key = JSON.parse(readFileSync(at('p-audit.json'), 'utf8')).rulesKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(at('p-rules.json'), 'utf8')).not.toContain(key);
    const applied = cli(
      'apply',
      data,
      '--rules',
      at('p-rules.json'),
      '--audit',
      at('p-audit.json'),
      '--export',
      at('p.dat'),
    );
    expect(JSON.parse(applied.stdout)).toMatchObject({
      holds: true,
      report: { seenRows: 30, joinedRows: 0 },
    });
    const blind = cli('apply', data, '--rules', at('p-rules.json'), '--export', at('q.dat'));
    expect(JSON.parse(blind.stdout)).toMatchObject({
      report: { seenRows: 0, joinedRows: 30, keyMissing: true },
    });
    expect(readFileSync(at('p.dat'), 'utf8').trim().split('\n')).toHaveLength(30);

    const groups = cli(
      'anonymize',
      data,
      '--method',
      'anatomy',
      '--p',
      '2',
      '--sensitive-top',
      '1',
      '--out',
      at('a.json'),
      '--rules-out',
      at('a-rules.json'),
    );
    expect(groups.code).toBe(2);
    expect(groups.stderr).toMatch(/rules are written for k\^m, COAT and k-anonymity runs/);

    writeFileSync(at('bad-h.csv'), 'whole milk;milk;*\nwhole milk;dairy;*\n');
    const bad = cli(
      'anonymize',
      'public/samples/groceries.csv',
      '--method',
      'apriori-km',
      '--hierarchy',
      at('bad-h.csv'),
      '--out',
      at('x.json'),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${at('bad-h.csv')}:2:1: item 'whole milk' appears twice (first on line 1)`);

    writeFileSync(at('bad-rules.json'), '{"format":"txanon-release/1"}');
    const badRules = cli('apply', data, '--rules', at('bad-rules.json'), '--export', at('y.dat'));
    expect(badRules.code).toBe(2);
    expect(badRules.stderr).toMatch(/bad-rules.json: expected "format": "txanon-rules\/1"/);
    expect(cli('apply', data, '--rules', at('p-rules.json')).stderr).toMatch(/apply needs --export FILE/);
  });
});

describe("a k-anonymity run's key is fresh on every run (README, k-anonymity rules)", () => {
  it('with --rules-out two runs of one seed differ in their audit and rules only; without it the audits are byte for byte equal', () => {
    const data = at('fresh.dat');
    writeFileSync(data, Array.from({ length: 30 }, (_, i) => `${i % 3} ${(i % 5) + 3} 9`).join('\n') + '\n');
    const run = (name: string, rules: boolean) => {
      const files = {
        out: at(`${name}.json`),
        audit: at(`${name}-audit.json`),
        rules: at(`${name}-rules.json`),
      };
      const made = cli(
        'anonymize',
        data,
        '--method',
        'pta',
        '--k',
        '3',
        '--seed',
        '7',
        '--out',
        files.out,
        '--audit',
        files.audit,
        '--export',
        at(`${name}.dat`),
        ...(rules ? ['--rules-out', files.rules] : []),
      );
      expect(made.code, made.stderr).toBe(0);
      const read = (path: string) => readFileSync(path, 'utf8');
      return {
        release: read(files.out),
        exported: read(at(`${name}.dat`)),
        audit: read(files.audit),
        rules: rules ? read(files.rules) : undefined,
      };
    };
    const [a, b] = [run('fresh-a', true), run('fresh-b', true)];
    expect(b.release).toBe(a.release);
    expect(b.exported).toBe(a.exported);
    expect(b.audit).not.toBe(a.audit);
    expect(b.rules).not.toBe(a.rules);
    const { rulesKey: keyA, ...restA } = JSON.parse(a.audit);
    const { rulesKey: keyB, ...restB } = JSON.parse(b.audit);
    expect(keyA).not.toBe(keyB);
    expect(restB).toEqual(restA);
    const [c, d] = [run('fresh-c', false), run('fresh-d', false)];
    expect(d.audit).toBe(c.audit);
    expect(JSON.parse(c.audit).rulesKey).toBeUndefined();
    expect(c.release).toBe(a.release);
  });
});
