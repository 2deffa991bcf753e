/**
 * What issue 33 asks the command line to show (in-process CLI, BMS1 and mushroom from test/data):
 * `anonymize BMS1 --method diffpart --epsilon 1 --out r.json --export out.dat` verifies (ledger
 * within ε, rows consistent with their counts) and `evaluate` recomputes the same; two unseeded
 * runs differ, two runs of one explicit seed are byte for byte equal and say they are not for
 * publication; a tampered DP release (a charge removed, the header's ε lowered below the ledger's
 * total, one synthetic row added, a count changed, a leaf count raised with one more copy of its row)
 * is `verified: false`; privbasis on mushroom
 * exports `itemset,support` and evaluates to the same precision, fnr and re.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from '../cliInProcess.ts';

const tmp = scratch('dp');
const BMS1 = 'test/data/BMS1.dat.gz';
const MUSHROOM = 'test/data/mushroom.dat.gz';

/* eslint-disable @typescript-eslint/no-explicit-any -- release files are JSON read and cut at will */
type Json = any;

async function run(...args: string[]) {
  const result = await cliInProcess(...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const files = (name: string) => ({
  release: tmp.path(`${name}.json`),
  audit: tmp.path(`${name}-audit.json`),
  data: tmp.path(`${name}.dat`),
});

let record: Json;
const one = files('diffpart');

beforeAll(async () => {
  record = await run(
    'anonymize',
    BMS1,
    '--method',
    'diffpart',
    '--epsilon',
    '1',
    '--out',
    one.release,
    '--audit',
    one.audit,
    '--export',
    one.data,
  );
});

async function evaluate(release: Json, audit: Json) {
  const r = tmp.file('t.json', JSON.stringify(release));
  const a = tmp.file('t-audit.json', JSON.stringify(audit));
  return run('evaluate', BMS1, r, '--audit', a);
}

describe('diffpart on BMS1 (CLI)', () => {
  it('verifies, writes its rows, and evaluate recomputes the same metrics', async () => {
    expect(record.verified).toBe(true);
    expect(record.summary.publishes).toBe('synthetic');
    expect(record.metrics.avgre).toBeGreaterThan(0);
    expect(record.metrics).not.toHaveProperty('il'); // no row of it is an input row
    const release = JSON.parse(readFileSync(one.release, 'utf8'));
    expect(release.model).toBe('differential-privacy');
    expect(release.noise.source).toBe('system');
    expect(release.ledger.total).toBeLessThanOrEqual(1);
    const lines = readFileSync(one.data, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBe(release.transactions.length);
    const evaluated = await run('evaluate', BMS1, one.release, '--audit', one.audit);
    expect(evaluated.verified).toBe(true);
    expect(evaluated.metrics).toEqual(record.metrics);
    // The export loads back and Check reads it as any dataset.
    const check = await run('check', one.data, '--model', 'k-anonymity', '--k', '2');
    expect(typeof check.holds).toBe('boolean');
  });

  it('two unseeded runs differ; one explicit seed repeats byte for byte and says: not for publication', async () => {
    const other = files('diffpart-2');
    await run('anonymize', BMS1, '--method', 'diffpart', '--epsilon', '1', '--out', other.release);
    expect(readFileSync(other.release, 'utf8')).not.toBe(readFileSync(one.release, 'utf8'));
    const a = files('seeded-a');
    const b = files('seeded-b');
    const seeded = await run('anonymize', BMS1, '--method', 'diffpart', '--seed', '7', '--out', a.release);
    await run('anonymize', BMS1, '--method', 'diffpart', '--seed', '7', '--out', b.release);
    expect(readFileSync(a.release, 'utf8')).toBe(readFileSync(b.release, 'utf8'));
    const release = JSON.parse(readFileSync(a.release, 'utf8'));
    expect(release.noise).toMatchObject({ source: 'seed', reproducible: true });
    expect(release.noise.note).toMatch(/NOT for publication/);
    expect(seeded.command).toContain('--seed 7');
    expect(record.command).not.toContain('--seed');
  });

  describe('a tampered release is verified: false', () => {
    const read = () => ({
      release: JSON.parse(readFileSync(one.release, 'utf8')),
      audit: JSON.parse(readFileSync(one.audit, 'utf8')),
    });

    it('a charge removed from the ledger (its total recomputed)', async () => {
      const { release, audit } = read();
      release.ledger.entries.splice(release.ledger.entries.length - 1, 1);
      const out = await evaluate(release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems.join(' ')).toMatch(/does not charge|not the composed total/);
    });

    it("the header's ε lowered below the ledger's total", async () => {
      const { release, audit } = read();
      release.params.epsilon = release.ledger.total / 2;
      const out = await evaluate(release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems.join(' ')).toMatch(/more than the .* the header promises|kept for epsilon/);
    });

    it('one synthetic row added', async () => {
      const { release, audit } = read();
      release.transactions.push([...release.transactions[0]]);
      const out = await evaluate(release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems.join(' ')).toMatch(/noisy counts give/);
    });

    it('a leaf count raised together with one more copy of its row (issue 43)', async () => {
      const { release, audit } = read();
      const leaf = release.partitions.findIndex(
        (p: Json) => p.parent !== -1 && p.split === undefined && p.count > 0,
      );
      const p = release.partitions[leaf];
      const key = [...p.cut].sort().join(' ');
      const row = release.transactions.find((t: Json) => [...t].sort().join(' ') === key);
      expect(row, 'a row of the leaf partition').toBeDefined();
      p.count += 1;
      release.transactions.push([...row]);
      const out = await evaluate(release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems).toEqual([
        `partition ${leaf} {${p.cut.join(', ')}}: count ${p.count} in the release, the run drew ${p.count - 1} (the audit's)`,
      ]);
      // The same edit made in the audit too is accepted by the release's checks: the audit is the trusted link.
      audit.counts[leaf] += 1;
      expect((await evaluate(release, audit)).verified).toBe(true);
    });

    it("a scale that does not follow from its charge's epsilon, and a count below its threshold", async () => {
      const { release, audit } = read();
      release.ledger.entries[0].scale = '1/1';
      release.partitions[1].count = 1;
      const out = await evaluate(release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems.join(' ')).toMatch(/does not match its scale/);
      expect(out.problems.join(' ')).toMatch(/below its threshold/);
    });
  });
});

describe('privbasis on mushroom (CLI)', () => {
  it('k = 50, ε = 1: verifies, exports itemset,support, evaluate recomputes precision, fnr and re', async () => {
    const pb = files('privbasis');
    const csv = tmp.path('privbasis.csv');
    const out = await run(
      'anonymize',
      MUSHROOM,
      '--method',
      'privbasis',
      '--epsilon',
      '1',
      '--k',
      '50',
      '--seed',
      '3',
      '--out',
      pb.release,
      '--audit',
      pb.audit,
      '--export',
      csv,
    );
    expect(out.verified).toBe(true);
    expect(Object.keys(out.metrics).sort()).toEqual(['fnr', 'precision', 're']);
    expect(out.metrics.precision).toBeGreaterThan(0.8);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('itemset,support');
    expect(lines).toHaveLength(51);
    expect(lines[1]).toMatch(/^"?\{[\d,]+\}"?,-?\d+(\.\d+)?$/);
    const evaluated = await run('evaluate', MUSHROOM, pb.release, '--audit', pb.audit);
    expect(evaluated).toMatchObject({ verified: true, metrics: out.metrics });
    const release = JSON.parse(readFileSync(pb.release, 'utf8'));
    release.itemsets[0].support += 1;
    const r = tmp.file('pb-t.json', JSON.stringify(release));
    const tampered = await run('evaluate', MUSHROOM, r, '--audit', pb.audit);
    expect(tampered.verified).toBe(false);
  });
});

describe('the ledger in the run record (CLI)', () => {
  it('the record says ε spent to 4 digits; the release keeps the exact double', async () => {
    const pb = files('privbasis-07');
    const rec = await run(
      'anonymize',
      'public/samples/groceries.csv',
      '--method',
      'privbasis',
      '--k',
      '10',
      '--epsilon',
      '0.7',
      '--out',
      pb.release,
    );
    expect(rec.notes['ε spent (ledger)']).toBe(0.7);
    expect(JSON.parse(readFileSync(pb.release, 'utf8')).ledger.total).toBe(0.7000000000000001);
    const dp = files('diffpart-1');
    const parts = await run(
      'anonymize',
      'public/samples/groceries.csv',
      '--method',
      'diffpart',
      '--epsilon',
      '1',
      '--seed',
      '1',
      '--out',
      dp.release,
    );
    const total = JSON.parse(readFileSync(dp.release, 'utf8')).ledger.total as number;
    expect(String(total).length).toBeGreaterThan(8);
    expect(parts.notes['ε spent (ledger)']).toBe(Number(total.toPrecision(4)));
  });
});
