/**
 * DiffPart through `distribute --engine local` (issue 35, differential privacy): the input is cut by
 * the item-hash split (each row's partition a keyed hash of its own items), every partition runs
 * DiffPart on the one public taxonomy, and the merged release states parallel composition over the
 * partitions; it verifies as a whole and through `evaluate`, a seeded rerun gives the same bytes, an
 * unseeded run draws system noise in every partition, a partition with no item still runs (in the
 * driver), and a merged release that claims less than its partitions spent, or names a split that is
 * not row-wise, or whose rows do not follow the split it names, is rejected. PrivBasis and the Gray
 * splits are refused before any work. The Dask engine: distribute.dask.test.ts; the split's
 * property: itemHashSplit.property.test.ts; the privacy audit: dp/privacy.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { SPAWNS_LIMIT_MS } from './limits.ts';

const dir = scratch('distribute-dp');
const BMS1 = 'test/data/BMS1.dat.gz';

/* eslint-disable @typescript-eslint/no-explicit-any -- release files are JSON read and cut at will */
type Json = any;

async function distribute(input: string, flags: string[], name: string) {
  const out = dir.path(`${name}.json`);
  const audit = dir.path(`${name}-audit.json`);
  const r = await cliInProcess('distribute', input, ...flags, '--out', out, '--audit', audit);
  expect(r.code, r.stderr).toBe(0);
  return { record: JSON.parse(r.stdout), out, audit };
}

async function evaluate(input: string, release: Json, audit: Json) {
  const r = dir.file('tampered.json', JSON.stringify(release));
  const a = dir.file('tampered-audit.json', JSON.stringify(audit));
  const result = await cliInProcess('evaluate', input, r, '--audit', a);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const SEEDED = ['--method', 'diffpart', '--epsilon', '10', '--seed', '7', '--parts', '2', '--workers', '2'];
let seeded: Awaited<ReturnType<typeof distribute>>;

beforeAll(async () => {
  seeded = await distribute(BMS1, SEEDED, 'seeded');
}, SPAWNS_LIMIT_MS);

describe('DiffPart through distribute (BMS1, 2 partitions, local engine)', () => {
  it('verifies as a whole, states parallel composition over its partitions, and evaluate agrees', async () => {
    const { record } = seeded;
    expect(record.verified).toBe(true);
    expect(record.notes.split).toBe('item-hash');
    expect(record.summary.rows_after).toBeGreaterThan(1000);
    const rows = record.distribute.partitions.map((p: { rows: number }) => p.rows);
    expect(rows.reduce((a: number, b: number) => a + b)).toBe(59_602);
    const release = JSON.parse(readFileSync(seeded.out, 'utf8'));
    expect(release.ledger.parallel).toEqual({
      split: 'item-hash',
      key: 7,
      parts: [
        { scope: 'part0', epsilon: 10 },
        { scope: 'part1', epsilon: 10 },
      ],
    });
    expect(release.ledger.total).toBe(10);
    expect(release.partitions.filter((p: Json) => p.parent === -1)).toHaveLength(2);
    expect(release.noise).toMatchObject({ source: 'seed', reproducible: true });
    expect(release.noise.note).toMatch(
      /each of the 2 partitions drawn from its own seed.*NOT for publication/,
    );
    // The domain is the whole file's 497 items, the one taxonomy every partition split over.
    expect(record.warnings.join(' ')).toMatch(/The item domain is this file's own 497 items/);
    const evaluated = await evaluate(BMS1, release, JSON.parse(readFileSync(seeded.audit, 'utf8')));
    expect(evaluated).toMatchObject({ verified: true, problems: [] });
  });

  it(
    'a seeded rerun writes the same release and audit, byte for byte',
    async () => {
      const again = await distribute(BMS1, SEEDED, 'seeded-again');
      expect(readFileSync(again.out, 'utf8')).toBe(readFileSync(seeded.out, 'utf8'));
      expect(readFileSync(again.audit, 'utf8')).toBe(readFileSync(seeded.audit, 'utf8'));
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    "unseeded, every partition draws the system's randomness (and the command names no seed)",
    async () => {
      const input = dir.file(
        'bms1-head.dat',
        (await import('node:zlib'))
          .gunzipSync(readFileSync(BMS1))
          .toString()
          .split('\n')
          .slice(0, 8000)
          .join('\n'),
      );
      const flags = ['--method', 'diffpart', '--epsilon', '10', '--parts', '2', '--workers', '2'];
      const a = await distribute(input, flags, 'unseeded-a');
      expect(a.record.verified).toBe(true);
      const release = JSON.parse(readFileSync(a.out, 'utf8'));
      expect(release.noise.source).toBe('system');
      const b = await distribute(input, flags, 'unseeded-b');
      expect(readFileSync(b.out, 'utf8')).not.toBe(readFileSync(a.out, 'utf8'));
    },
    SPAWNS_LIMIT_MS,
  );

  it(
    'a partition that holds no item runs in the driver; a given hierarchy is the domain of every partition',
    async () => {
      const rows = Array.from({ length: 12 }, (_, i) => (i % 2 ? 'bread,milk' : 'eggs'));
      const input = dir.file('two-rows.csv', [...rows, ''].join('\n'));
      const hierarchy = dir.file(
        'domain.csv',
        ['bread;bakery;*', 'rolls;bakery;*', 'milk;dairy;*', 'eggs;dairy;*', 'cheese;dairy;*', ''].join('\n'),
      );
      const flags = [
        '--format',
        'csv-basket',
        '--method',
        'diffpart',
        '--epsilon',
        '10',
        '--hierarchy',
        hierarchy,
        '--seed',
        '3',
        '--parts',
        '5',
        '--workers',
        '2',
      ];
      const { record, out } = await distribute(input, flags, 'itemless');
      expect(record.verified).toBe(true);
      const parts = record.distribute.partitions;
      expect(parts.filter((p: Json) => p.rows === 0 && p.attempts === 0).length).toBeGreaterThanOrEqual(3);
      const release = JSON.parse(readFileSync(out, 'utf8'));
      expect(release.ledger.parallel.parts).toHaveLength(5);
      expect(release.partitions.filter((p: Json) => p.parent === -1)).toHaveLength(5);
      expect(record.warnings.join(' ')).not.toMatch(/item domain/);
    },
    SPAWNS_LIMIT_MS,
  );

  describe('a merged release that claims less than it spent, or the wrong split, is verified: false', () => {
    const read = () => ({
      release: JSON.parse(readFileSync(seeded.out, 'utf8')),
      audit: JSON.parse(readFileSync(seeded.audit, 'utf8')),
    });

    it("a charge removed from a partition's ledger", async () => {
      const { release, audit } = read();
      release.ledger.entries.pop();
      const out = await evaluate(BMS1, release, audit);
      expect(out.verified).toBe(false);
      expect(out.problems.join(' ')).toMatch(/noised counts the ledger does not charge/);
    });

    it("a partition's epsilon, then the whole's and the header's, lowered below what it spent", async () => {
      const part = read();
      part.release.ledger.parallel.parts[1].epsilon = 5;
      const one = await evaluate(BMS1, part.release, part.audit);
      expect(one.problems.join(' ')).toMatch(/part 1 \(part1\) states epsilon 5; its entries compose to 10/);
      const all = read();
      all.release.params.epsilon = all.release.ledger.epsilon = all.release.ledger.total = 5;
      for (const p of all.release.ledger.parallel.parts) p.epsilon = 5;
      const whole = await evaluate(BMS1, all.release, all.audit);
      expect(whole.verified).toBe(false);
      expect(whole.problems.join(' ')).toMatch(/compose to epsilon 10, more than the 5 the header promises/);
    });

    it('a split that is not row-wise, or rows that do not follow the split the ledger names', async () => {
      const gray = read();
      gray.release.ledger.parallel.split = 'contiguous';
      const named = await evaluate(BMS1, gray.release, gray.audit);
      expect(named.problems.join(' ')).toMatch(/'contiguous' split, which does not choose each row's part/);
      const key = read();
      key.release.ledger.parallel.key = 8;
      const rekeyed = await evaluate(BMS1, key.release, key.audit);
      expect(rekeyed.verified).toBe(false);
      expect(rekeyed.problems.join(' ')).toMatch(/the audit gives partition \d+ \d+ rows; the input has \d+/);
    });

    it("one partition's tree left out", async () => {
      const { release, audit } = read();
      const second = release.partitions.findIndex((p: Json, i: number) => i > 0 && p.parent === -1);
      release.partitions = release.partitions.slice(0, second);
      const out = await evaluate(BMS1, release, audit);
      expect(out.problems.join(' ')).toMatch(/1 root partitions for the ledger's 2 parts/);
    });
  });
});

describe('refused before any work', () => {
  it('PrivBasis (its top k do not merge) and the Gray splits under differential privacy', async () => {
    const out = dir.path('refused.json');
    const privbasis = await cliInProcess(
      'distribute',
      BMS1,
      '--method',
      'privbasis',
      '--parts',
      '2',
      '--out',
      out,
    );
    expect(privbasis.code).toBe(2);
    expect(privbasis.stderr).toMatch(
      /privbasis publishes the top-k itemsets of the whole input, and the whole's top k is not the union of the partitions' top k .* a further private query of the whole, which is not built/,
    );
    for (const split of ['contiguous', 'strided']) {
      const r = await cliInProcess(
        'distribute',
        BMS1,
        '--method',
        'diffpart',
        '--split',
        split,
        '--parts',
        '2',
        '--out',
        out,
      );
      expect([r.code, r.stderr]).toEqual([
        2,
        expect.stringMatching(/depends on that row alone \(item-hash\)/),
      ]);
    }
    expect(existsSync(out)).toBe(false);
  });
});
