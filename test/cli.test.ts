import { describe, expect, it } from 'vitest';
import { ALL_METHOD_IDS } from './helpers.ts';
import { cliSpawned as cli } from './cliSpawned.ts';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';

const dir = mkdtempSync(join(tmpdir(), 'txanon-cli-'));

/** Writes a FIMI file of `count` rows made by `row(i)`. */
function writeRows(file: string, count: number, row: (i: number) => string): void {
  writeFileSync(file, Array.from({ length: count }, (_, i) => row(i)).join('\n') + '\n');
}

describe('command line', () => {
  it('stats reproduces BMS1 as published, read gzip-compressed (test/data)', () => {
    const { code, stdout } = cli('stats', 'test/data/BMS1.dat.gz');
    expect(code).toBe(0);
    const stats = JSON.parse(stdout);
    expect(stats).toMatchObject({ transactions: 59602, items: 497, maxLength: 267, empty: 0 });
    expect(stats.avgLength).toBeCloseTo(2.51, 2);
  });

  it('a .gz file reads like the plain one: format from the name without .gz; a broken one is exit 2', () => {
    const csv = join(dir, 'basket.csv.gz');
    writeFileSync(csv, gzipSync('bread,whole milk\nbread\n"a,b",eggs\n'));
    const stats = cli('stats', csv);
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ transactions: 3, items: 4 });
    // A gzip file without the .gz name is recognised by its first bytes.
    const unnamed = join(dir, 'plain-name.dat');
    writeFileSync(unnamed, gzipSync('1 2\n3\n'));
    expect(JSON.parse(cli('stats', unnamed).stdout)).toMatchObject({ transactions: 2, items: 3 });
    const bad = join(dir, 'bad.dat.gz');
    writeFileSync(bad, gzipSync('1 2\n3 a\n'));
    expect(cli('stats', bad).stderr).toContain('bad.dat.gz:2:3: expected a non-negative integer item');
    const truncated = join(dir, 'cut.dat.gz');
    writeFileSync(truncated, gzipSync('1 2 3\n'.repeat(1000)).subarray(0, 40));
    expect(cli('stats', truncated)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /cut\.dat\.gz:\d+:\d+: not a readable gzip file \(unexpected end of file\)/,
      ),
    });
  });

  it('bad input: exit 2 and one line on stderr naming line and column', () => {
    const bad = join(dir, 'bad.dat');
    writeFileSync(bad, '1 2\n3 a\n');
    const { code, stderr, stdout } = cli('stats', bad);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('bad.dat:2:3: expected a non-negative integer item');
  });

  it('an unterminated CSV quote and a too-long ARFF row exit 2 with their lines', () => {
    const csv = join(dir, 'q.csv');
    writeFileSync(csv, 'a,b\n"c,d\n');
    expect(cli('stats', csv)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('q.csv:2:1: unterminated quote'),
    });
    const arff = join(dir, 'r.arff');
    writeFileSync(arff, '@relation r\n@attribute a {0,1}\n@data\n1,1\n');
    expect(cli('stats', arff)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('r.arff:4:3: expected 1 values'),
    });
  });

  it('risk prints one point per number of known items; methods prints the registry', () => {
    const file = join(dir, 'r.dat');
    writeFileSync(file, '1 2 3\n1 2\n3 4 5\n');
    const risk = cli('risk', file, '--known', '1,2', '--trials', '10');
    expect(risk.code).toBe(0);
    expect(JSON.parse(risk.stdout).risk.map((p: { known: number }) => p.known)).toEqual([1, 2]);
    expect(JSON.parse(cli('methods').stdout).map((m: { id: string }) => m.id)).toEqual(ALL_METHOD_IDS);
  });

  it('anonymize with pta and patternka prints verified true and writes release and audit; evaluate agrees', () => {
    const file = join(dir, 'k.dat');
    writeRows(file, 60, (i) => `${i % 5} ${(i * 3) % 7} ${10 + (i % 4)}`);
    for (const method of ['pta', 'patternka']) {
      const out = join(dir, `${method}-r.json`);
      const audit = join(dir, `${method}-a.json`);
      const run = cli(
        'anonymize',
        file,
        '--method',
        method,
        '--k',
        '5',
        '--out',
        out,
        '--audit',
        audit,
        '--metrics',
        'il,avgre',
      );
      expect(run.code).toBe(0);
      const record = JSON.parse(run.stdout);
      expect(record).toMatchObject({ verified: true, method });
      expect(Object.keys(record.metrics).sort()).toEqual(['avgre', 'avgre_se', 'il', 'il_ratio']);
      const evaluated = JSON.parse(cli('evaluate', file, out, '--audit', audit, '--metrics', 'il').stdout);
      expect(evaluated).toMatchObject({ verified: true, metrics: { il: record.metrics.il } });
    }
    expect(cli('anonymize', file, '--method', 'pta', '--k', '1', '--out', join(dir, 'x.json'))).toMatchObject(
      { code: 2, stderr: expect.stringContaining("--k must be an integer >= 2, got '1'") },
    );
    expect(cli('anonymize', file, '--method', 'nope', '--out', 'x.json').code).toBe(2);
    expect(cli('anonymize', file, '--method', 'pta', '--kk', '3', '--out', 'x.json').stderr).toContain(
      'unknown option --kk',
    );
  });

  it('coat and apriori-km in k^m mode print verified true with ul and avgre; pgen writes constraints', () => {
    const file = join(dir, 'km.dat');
    writeRows(file, 60, (i) => `${i % 6} ${(i * 5) % 9} ${10 + (i % 7)}`);
    for (const method of ['coat', 'apriori-km']) {
      const run = cli(
        'anonymize',
        file,
        '--method',
        method,
        '--k',
        '5',
        '--m',
        '2',
        '--out',
        join(dir, `${method}.json`),
        '--audit',
        join(dir, `${method}-a.json`),
        '--metrics',
        'ul,avgre',
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ verified: true, method });
      expect(Object.keys(JSON.parse(run.stdout).metrics)).toEqual(expect.arrayContaining(['ul', 'avgre']));
    }
    const constraints = join(dir, 'constraints.json');
    const pgen = cli('pgen', file, '--k', '3', '--out', constraints);
    expect(pgen.code).toBe(0);
    const withConstraints = cli(
      'anonymize',
      file,
      '--method',
      'coat',
      '--k',
      '3',
      '--m',
      '0',
      '--constraints',
      constraints,
      '--out',
      join(dir, 'cc.json'),
    );
    expect(JSON.parse(withConstraints.stdout)).toMatchObject({ verified: true, params: { constraints } });
  });

  it('anonymize --export writes the data in the input format; check confirms it, and says why the input fails', () => {
    const input = join(dir, 'groceries.csv');
    const items = ['whole milk', 'frozen vegetables', '"quoted" item', 'a,b', 'crème fraîche', 'rolls/buns'];
    writeFileSync(
      input,
      Array.from({ length: 40 }, (_, i) =>
        [items[i % 6], items[(i * 5) % 6], items[(i + 2) % 3]]
          .filter((t, j, row) => row.indexOf(t) === j)
          .map((t) => (/[",]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t))
          .join(','),
      ).join('\n') + '\n',
    );
    const exported = join(dir, 'groceries-pta-k3.csv');
    const run = cli(
      'anonymize',
      input,
      '--method',
      'pta',
      '--k',
      '3',
      '--out',
      join(dir, 'g.json'),
      '--export',
      exported,
    );
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout);
    expect(record.exported).toEqual([exported]);
    expect(record.total_ms).toBeGreaterThanOrEqual(record.runtime_ms);
    expect(record.summary).toMatchObject({ rows_before: 40, rows_after: 40, items_before: 6 });
    expect(record.examples.length).toBeGreaterThan(0);
    const holds = cli('check', exported, '--model', 'k-anonymity', '--k', '3');
    expect(holds.code).toBe(0);
    expect(JSON.parse(holds.stdout)).toMatchObject({ model: 'k-anonymity', holds: true, offenders: [] });
    const fails = cli('check', input, '--model', 'k-anonymity', '--k', '30');
    expect(fails.code).toBe(0);
    expect(JSON.parse(fails.stdout)).toMatchObject({ holds: false, offers: expect.any(Number) });
    expect(JSON.parse(fails.stdout).offenders[0]).toContain('fewer than k = 30');
    // COAT's second table (what each generalized item stands for) would land on the release: refused,
    // nothing written.
    const clash = cli(
      'anonymize',
      input,
      '--method',
      'coat',
      '--k',
      '3',
      '--m',
      '1',
      '--out',
      join(dir, 'x-generalized.csv'),
      '--export',
      join(dir, 'x.csv'),
    );
    expect(clash).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--out and --export's generalized table name the same file"),
    });
    expect(existsSync(join(dir, 'x.csv')) || existsSync(join(dir, 'x-generalized.csv'))).toBe(false);
    // A column split naming an item the data does not hold: exit 2 at its line and column.
    const columns = join(dir, 'columns.txt');
    writeFileSync(columns, 'whole milk, frozen vegetables\nrolls/buns, cheese\n');
    expect(cli('check', input, '--model', 'l-diversity', '--columns', columns)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("columns.txt:2:13: item 'cheese' does not occur in groceries.csv"),
    });
  });

  it('unknown commands, unknown flags, missing files and bad formats are exit 2', () => {
    expect(cli('frobnicate').code).toBe(2);
    expect(cli('stats', 'nope.dat').stderr).toBe('error: nope.dat: no such file or directory (ENOENT)\n');
    expect(cli('stats', 'nope.dat', '--colour', 'x').stderr).toContain('unknown option --colour');
    expect(cli('stats', 'x', '--format', 'xml').stderr).toContain('--format must be one of');
    expect(cli('check', 'x.dat', '--model', 'k-anon').stderr).toContain('--model must be one of');
    expect(cli('check', 'x.dat').stderr).toContain('check needs --model');
  });
  it('generate writes a file shaped like real data, and names what is wrong with its flags', () => {
    const file = join(dir, 'shaped.dat');
    const made = cli(
      'generate',
      '--D',
      '3000',
      '--N',
      '200',
      '--T',
      '6.5',
      '--max-length',
      '90',
      '--zipf',
      '1.1',
      '--out',
      file,
    );
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toEqual({ out: file, transactions: 3000 });
    const stats = JSON.parse(cli('stats', file).stdout);
    expect(stats).toMatchObject({ transactions: 3000, items: 200, empty: 0 });
    expect(stats.maxLength).toBeLessThanOrEqual(90);
    expect(Math.abs(stats.avgLength - 6.5)).toBeLessThan(0.5);
    expect(cli('generate', '--shape', 'nope', '--out', file).stderr).toContain(
      '--shape must be one of netflix, retail',
    );
    expect(cli('generate', '--shape', 'retail', '--I', '4', '--out', file).stderr).toContain(
      '--I applies only in the IBM Quest mode',
    );
    const noItems = cli('generate', '--D', '10', '--zipf', '1', '--out', file);
    expect(noItems.code).toBe(2);
    expect(noItems.stderr).toContain('needs --N');
    expect(cli('generate', '--shape', 'retail', '--T', '100', '--out', file).stderr).toContain(
      'T (average length)',
    );
  });
});
