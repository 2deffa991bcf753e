/**
 * Issue 21, cases 1, 2 and 7 through `evaluate` (in-process CLI): a release that does not match its
 * input reads `verified: false`, never true; a release or audit of the wrong JSON shape is exit 2
 * naming the JSON path, never exit 1 with a stack trace.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess, scratch } from './cliInProcess.ts';

const tmp = scratch('evaluate');
const rows = (count: number, row: (i: number) => number[]) =>
  Array.from({ length: count }, (_, i) => row(i).join(' ')).join('\n') + '\n';
const km = tmp.file(
  'km.dat',
  rows(60, (i) => [i % 6, (i * 5) % 9, 10 + (i % 7)]),
);
const ma = tmp.file(
  'ma.dat',
  rows(40, (i) => [i % 4, 4 + ((i * 3) % 5), 10 + ((i * 7) % 6)]),
);

type Json = Record<string, unknown> & { transactions: string[][] };

/** Runs `anonymize` and returns the paths of its release and audit. */
async function anonymize(name: string, file: string, ...args: string[]) {
  const release = tmp.path(`${name}.json`);
  const audit = tmp.path(`${name}-audit.json`);
  const run = await cliInProcess('anonymize', file, ...args, '--out', release, '--audit', audit);
  expect(run.code, run.stderr).toBe(0);
  return { release, audit };
}

/** `evaluate` on a copy of the release changed by `tamper` (and of the audit by `tamperAudit`). */
async function evaluateTampered(
  file: string,
  made: { release: string; audit: string },
  tamper: (release: Json) => void,
  tamperAudit: (audit: Record<string, unknown>) => void = () => {},
) {
  const release = JSON.parse(readFileSync(made.release, 'utf8'));
  const audit = JSON.parse(readFileSync(made.audit, 'utf8'));
  tamper(release);
  tamperAudit(audit);
  const releasePath = tmp.file('tampered.json', JSON.stringify(release));
  const auditPath = tmp.file('tampered-audit.json', JSON.stringify(audit));
  return cliInProcess('evaluate', file, releasePath, '--audit', auditPath);
}

const made: Record<string, { release: string; audit: string }> = {};

beforeAll(async () => {
  made.coat = await anonymize('coat', km, '--method', 'coat', '--k', '3', '--m', '2');
  made.apriori = await anonymize('apriori', km, '--method', 'apriori-km', '--k', '3', '--m', '2');
  made.buckets = await anonymize('buckets', ma, '--method', 'multi-anatomy', '--l', '2', '--columns', '3');
  made.groups = await anonymize('groups', km, '--method', 'gray-cahd', '--p', '2', '--sensitive', '12');
  made.pta = await anonymize('pta', km, '--method', 'pta', '--k', '3');
});

const verified = (run: { code: number; stdout: string; stderr: string }) => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).verified as boolean;
};

describe('case 1: generalized and buckets releases that do not match their input', () => {
  for (const method of ['coat', 'apriori'] as const) {
    it(`${method}: an extra row, k made-up rows, the last row dropped, no rows: verified false`, async () => {
      const cases: [string, (r: Json) => void][] = [
        ['an extra row', (r) => r.transactions.push([...r.transactions[0]])],
        ['3 made-up rows', (r) => r.transactions.push(['__fake__'], ['__fake__'], ['__fake__'])],
        ['the last row dropped', (r) => r.transactions.pop()],
        ['no rows', (r) => (r.transactions = [])],
      ];
      for (const [what, tamper] of cases) {
        expect(verified(await evaluateTampered(km, made[method], tamper)), what).toBe(false);
      }
      expect(verified(await evaluateTampered(km, made[method], () => {}))).toBe(true);
    });
  }

  it('buckets: a column removed from every bucket, or from one bucket: verified false, exit 0', async () => {
    const everyBucket = await evaluateTampered(ma, made.buckets, (r) => {
      for (const bucket of r.buckets as { columns: unknown[] }[]) bucket.columns.pop();
    });
    expect(verified(everyBucket)).toBe(false);
    expect(JSON.parse(everyBucket.stdout).problems.join('\n')).toContain('columns published');
    const oneBucket = await evaluateTampered(ma, made.buckets, (r) => {
      (r.buckets as { columns: unknown[] }[])[0].columns.pop();
    });
    expect(oneBucket.code).toBe(0);
    expect(verified(oneBucket)).toBe(false);
  });
});

describe('case 2: valid JSON of the wrong inner shape is exit 2 naming the JSON path', () => {
  const shapes: [string, keyof typeof made, (r: Json) => void, string][] = [
    ['params null', 'groups', (r) => (r.params = null as never), 'params: expected an object'],
    ['a group without qid', 'groups', (r) => delete (r.groups as Json[])[1].qid, 'groups[1].qid: expected'],
    ['sensitive null', 'groups', (r) => (r.sensitive = null as never), 'sensitive: expected a list'],
    [
      'a sensitive count as a string',
      'groups',
      (r) => ((r.groups as Json[])[0].sensitive = { 12: '1' } as never),
      'groups[0].sensitive["12"]',
    ],
    [
      'a bucket without columns',
      'buckets',
      (r) => delete (r.buckets as Json[])[2].columns,
      'buckets[2].columns',
    ],
    [
      'a bucket size of -1',
      'buckets',
      (r) => ((r.buckets as Json[])[0].size = -1 as never),
      'buckets[0].size',
    ],
    ['no generalized map', 'coat', (r) => delete r.generalized, 'generalized: expected an object'],
    ['no suppressed list', 'coat', (r) => delete r.suppressed, 'suppressed: expected a list'],
    [
      'a row given as a string',
      'apriori',
      (r) => (r.transactions[2] = 'a b' as never),
      'transactions[2]: expected a list',
    ],
    [
      'an item given as a number',
      'pta',
      (r) => (r.transactions[0][0] = 5 as never),
      'transactions[0][0]: expected a string',
    ],
    ['a seed given as a string', 'pta', (r) => (r.seed = '1' as never), 'seed: expected an integer'],
    ['an unknown kind', 'pta', (r) => (r.kind = 'rows'), 'kind: expected'],
    [
      'params.k as a string',
      'pta',
      (r) => ((r.params as Json).k = 'three' as never),
      'params.k: expected a number',
    ],
    [
      'a parameter the method does not take',
      'pta',
      (r) => ((r.params as Json).p = 2 as never),
      'params.p: pta has no such parameter',
    ],
  ];
  for (const [what, source, tamper, path] of shapes) {
    it(what, async () => {
      const file = source === 'buckets' ? ma : km;
      const run = await evaluateTampered(file, made[source], tamper);
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toContain(path);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });
  }

  it('an audit of the wrong shape: a group given as a string, a row index as text', async () => {
    const group = await evaluateTampered(
      km,
      made.groups,
      () => {},
      (a) => ((a.groups as unknown[])[0] = '1,2'),
    );
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('groups[0]: expected a list of integers in 0..4294967294');
    const row = await evaluateTampered(
      km,
      made.pta,
      () => {},
      (a) => ((a.rowOf as unknown[])[3] = 'x'),
    );
    expect(row.code).toBe(2);
    expect(row.stderr).toContain('rowOf[3]: expected an integer in 0..4294967294, found the string "x"');
  });
});

describe('case 7: a p-degree release over no sensitive item', () => {
  it('does not verify', async () => {
    const run = await evaluateTampered(km, made.groups, (r) => {
      r.sensitive = [];
      for (const group of r.groups as Json[]) group.sensitive = {} as never;
    });
    expect(verified(run)).toBe(false);
    expect(JSON.parse(run.stdout).problems[0]).toContain('names no sensitive item');
  });

  it('is refused before it is made: --sensitive-top 0 and --sensitive-random 0 are exit 2', async () => {
    for (const flag of ['--sensitive-top', '--sensitive-random']) {
      const out = tmp.path('none.json');
      const run = await cliInProcess(
        'anonymize',
        km,
        '--method',
        'gray-cahd',
        '--p',
        '2',
        flag,
        '0',
        '--out',
        out,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag} must be an integer >= 1`);
    }
  });
});
