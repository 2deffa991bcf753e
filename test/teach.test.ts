/**
 * The teaching stepper's traces (core/teach, core/run/teachRun.ts) for every method on the worked
 * example of its paper, through `cli teach` as a user runs it: at least 3 steps, each with a title,
 * plain text and a citation, every highlighted id an element of its drawing, and the last step's
 * state equal to the release `cli anonymize` publishes with the same parameters and seed. Also: the
 * teaching limit (exit 2 naming it), the step cap, and that a production run never records.
 */
import type { PlainAudit, PlainRelease } from '../src/core/release/plainRelease.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { findMethod } from '../src/core/methods/registry.ts';
import { resolveRequest, runContext } from '../src/core/run/resolveRequest.ts';
import { teachRun } from '../src/core/run/teachRun.ts';
import { rowName, type Drawing, type Step, type Trace } from '../src/core/teach/trace.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { TEACH_EXAMPLES } from './teachExamples.ts';
import { datasetOf } from './helpers.ts';
import { teachingDegree } from '../src/core/run/teachingDegree.ts';
import { PAPER_DEGREES } from '../src/core/teach/paperDegrees.ts';
import { SAMPLES } from '../src/ui/load/samples.ts';

const dir = scratch('teach');

async function teachAndAnonymize(method: string, args: string[]) {
  const tracePath = dir.path(`${method}.trace.json`);
  const taught = await cliInProcess('teach', ...args, '--method', method, '--seed', '3', '--out', tracePath);
  expect(taught.stderr).toBe('');
  expect(taught.code).toBe(0);
  const release = dir.path(`${method}.release.json`);
  const audit = dir.path(`${method}.audit.json`);
  const run = await cliInProcess(
    'anonymize',
    ...args,
    '--method',
    method,
    '--seed',
    '3',
    '--out',
    release,
    '--audit',
    audit,
    '--metrics',
    'avgre',
  );
  expect(run.code).toBe(0);
  return {
    printed: JSON.parse(taught.stdout) as { steps: number; limit: { rows: number } },
    trace: JSON.parse(readFileSync(tracePath, 'utf8')) as Trace,
    release: JSON.parse(readFileSync(release, 'utf8')) as PlainRelease,
    audit: JSON.parse(readFileSync(audit, 'utf8')) as PlainAudit,
  };
}

/** Every id a drawing gives an element (rows, columns, cells, groups, nodes, buckets, pairs). */
function elementIds(state: Drawing): Set<string> {
  const ids = new Set<string>();
  const add = (id: string) => ids.add(id);
  switch (state.kind) {
    case 'matrix':
      state.columns.forEach((c) => add(c.id));
      state.rows.forEach((r) => {
        add(r.id);
        state.columns.forEach((c) => add(`${r.id}|${c.id}`));
      });
      state.groups?.forEach((g) => add(g.id));
      break;
    case 'table':
      state.rows.forEach((r) => {
        add(r.id);
        r.items.forEach(add);
      });
      state.groups?.forEach((g) => add(g.id));
      break;
    case 'lattice':
      state.nodes.forEach((n) => add(n.id));
      break;
    case 'pairs':
      state.labels.forEach((a) => {
        add(a.id);
        state.labels.forEach((b) => add(`${a.id}|${b.id}`));
      });
      break;
    case 'buckets':
      state.columns.flat().forEach(add);
      state.buckets.forEach((b) => {
        add(b.id);
        b.rows.forEach((r) => add(r.id));
      });
      break;
  }
  return ids;
}

/** The release as the last drawing must show it (written here from the release, not from the drawing code). */
function expectDrawsRelease(state: Drawing, release: PlainRelease, audit: PlainAudit): void {
  switch (release.kind) {
    case 'groups': {
      if (state.kind !== 'matrix') throw new Error(`a groups release drawn as ${state.kind}`);
      const rowsOf = (audit as { groups: number[][] }).groups;
      release.groups.forEach((group, g) => {
        const rows = state.rows.filter((r) => r.group === g);
        expect(rows.map((r) => r.id)).toEqual(rowsOf[g].map(rowName));
        expect(rows.map((r) => r.cells.map((c) => state.columns[c].label).sort())).toEqual(
          group.qid.map((q) => [...q].sort()),
        );
        expect(state.groups![g].counts).toEqual(group.sensitive);
      });
      expect(state.rows).toHaveLength(release.groups.reduce((s, g) => s + g.qid.length, 0));
      break;
    }
    case 'transactions':
    case 'generalized': {
      if (state.kind !== 'table') throw new Error(`a ${release.kind} release drawn as ${state.kind}`);
      expect(state.rows.map((r) => r.items)).toEqual(release.transactions);
      // A DP release's rows are synthetic (no input row): S1, S2, ...
      const rowOf = (audit as { rowOf?: number[] }).rowOf;
      expect(state.rows.map((r) => r.id)).toEqual(
        rowOf ? rowOf.map(rowName) : release.transactions.map((_, i) => `S${i + 1}`),
      );
      break;
    }
    case 'buckets': {
      if (state.kind !== 'buckets') throw new Error(`a buckets release drawn as ${state.kind}`);
      expect(state.columns).toEqual(release.columns);
      expect(state.buckets).toHaveLength(release.buckets.length);
      release.buckets.forEach((bucket, b) =>
        bucket.columns.forEach((column, c) =>
          expect(state.buckets[b].rows.map((r) => r.values[c])).toEqual(column),
        ),
      );
      break;
    }
  }
}

describe('cli teach on each paper’s worked example', () => {
  it('covers all thirteen methods with a worked example (PrivBayes on the DP sample)', () => {
    expect(TEACH_EXAMPLES.map((e) => e.method).sort()).toEqual(
      [
        'anatomy',
        'apriori-km',
        'coat',
        'gray-cahd',
        'hkp-coherence',
        'lsh',
        'multi-anatomy',
        'nn',
        'patternka',
        'perm-mondrian',
        'privbayes',
        'pta',
        'rcm-cahd',
      ].sort(),
    );
  });

  for (const { method, args } of TEACH_EXAMPLES) {
    it(`${method}: at least 3 steps, each explained and cited; the last draws the release of cli anonymize`, async () => {
      const { printed, trace, release, audit } = await teachAndAnonymize(method, args);
      expect(printed.steps).toBe(trace.steps.length);
      expect(printed.limit.rows).toBe(300);
      expect(trace).toMatchObject({ version: 1, method, seed: 3, omitted: 0 });
      expect(trace.steps.length).toBeGreaterThanOrEqual(3);
      trace.steps.forEach((step: Step, i) => {
        expect(step.title.trim(), `step ${i + 1} title`).not.toBe('');
        expect(step.text.length, `step ${i + 1} text`).toBeGreaterThan(40);
        expect(step.cite.trim(), `step ${i + 1} cite`).not.toBe('');
        const ids = elementIds(step.state);
        for (const id of step.changed) expect(ids.has(id), `step ${i + 1} highlights ${id}`).toBe(true);
        for (const c of step.candidates ?? [])
          if (c.ref) expect(ids.has(c.ref), `step ${i + 1} ref ${c.ref}`).toBe(true);
      });
      // Steps of the algorithm come before the release, and some of them weigh candidates.
      expect(trace.steps.some((s) => (s.candidates?.length ?? 0) > 0)).toBe(true);
      expectDrawsRelease(trace.steps.at(-1)!.state, release, audit);
    });
  }
});

describe('limits and the production path', () => {
  it('refuses a file above the teaching limit with exit code 2, naming the limit', async () => {
    const rows = Array.from({ length: 301 }, (_, r) => `${r % 7} ${(r * 3) % 11}`).join('\n');
    const file = dir.file('big.dat', rows + '\n');
    const result = await cliInProcess('teach', file, '--method', 'pta', '--out', dir.path('big.json'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('at most 300 transactions (the teaching limit); big.dat has 301');
  });

  it('caps a trace at its step limit, counting the steps left out, and still ends with the release', () => {
    const dataset = parseText(readFileSync('public/samples/pta-fig2a.arff', 'utf8'), {
      fileName: 'pta-fig2a.arff',
    }).dataset;
    const full = teachRun(dataset, { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 });
    const capped = teachRun(dataset, { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 }, 5);
    expect(capped.steps).toHaveLength(5);
    expect(capped.omitted).toBe(full.steps.length - 5);
    // The method's first 3 steps, then the attack step and the release (teachAttack.ts).
    expect(capped.steps.slice(0, 3)).toEqual(full.steps.slice(0, 3));
    expect(capped.steps[3]).toEqual(full.steps.at(-2));
    expect(capped.steps[4].state).toEqual(full.steps.at(-1)!.state);
    expect(capped.steps[4].text).toContain(`${capped.omitted} steps before this one are not shown`);
  });

  it('a production run records nothing: no method calls its recorder when it is off', () => {
    const never = {
      on: false,
      step() {
        throw new Error('a production run recorded a step');
      },
    };
    for (const { method, args } of TEACH_EXAMPLES) {
      const file = args[0];
      const dataset = parseText(readFileSync(file, 'utf8'), { fileName: file }).dataset;
      const flags = new Map<string, string>();
      for (let i = 1; i < args.length; i += 2) flags.set(args[i].slice(2), args[i + 1]);
      const spec = findMethod(method)!;
      const raw = Object.fromEntries(
        spec.params.flatMap((p) =>
          flags.has(p.name)
            ? [[p.name, p.type === 'text' ? readFileSync(flags.get(p.name)!, 'utf8') : flags.get(p.name)!]]
            : [],
        ),
      );
      const request = {
        method,
        params: raw,
        seed: 1,
        sensitive: flags.has('sensitive') ? { items: flags.get('sensitive')!.split(',') } : undefined,
      };
      const { params } = resolveRequest(request);
      const ctx = runContext(dataset, spec, params, request, { recorder: never });
      expect(() => spec.run(dataset, params, ctx), method).not.toThrow();
    }
  });
});

describe('steps in words', () => {
  const sample = (file: string) =>
    parseText(readFileSync(`public/samples/${file}`, 'utf8'), { fileName: file }).dataset;

  it('PatternKa: a group by the empty pattern is said in words, never "by {}"', () => {
    // COAT Fig. 1a at k = 5: after G1 by {c, f}, no item is held by 5 of the 5 rows left.
    const trace = teachRun(sample('coat-fig1a.csv'), { method: 'patternka', params: { k: 5 }, seed: 1 });
    const empty = trace.steps.find((s) => s.title.startsWith('Group G2'))!;
    expect(empty.title).toBe('Group G2: rows with no item in common');
    expect(empty.text).toContain('No item is held by k = 5 of the 5 remaining rows');
    expect(empty.text).toContain('published with no item');
    expect(empty.candidates?.map((c) => c.label)).toEqual(['no item']);
    for (const step of trace.steps) expect(`${step.title} ${step.text}`).not.toContain('{}');
  });
});

describe('the privacy degree a trace starts from when none is given (run/teachingDegree.ts)', () => {
  const P_DEGREE = ['gray-cahd', 'rcm-cahd', 'nn', 'lsh', 'perm-mondrian', 'anatomy'];

  it('every p-degree method on a 10-row example without --p steps through at the largest p it admits', async () => {
    for (const file of ['coat-fig1a.csv', 'anatomy-table1a.csv'])
      for (const method of P_DEGREE) {
        const out = dir.path(`${method}-${file}.json`);
        const args = ['teach', `public/samples/${file}`, '--method', method, '--sensitive-band', '3'];
        const taught = await cliInProcess(...args, '--out', out);
        expect(taught.code, `${method} on ${file}: ${taught.stderr}`).toBe(0);
        const printed = JSON.parse(taught.stdout) as { degree: { p: number; source: string; why: string } };
        const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
        expect(printed.degree).toEqual(trace.degree);
        expect(trace.degree).toMatchObject({ p: 2, source: 'largest' });
        expect(trace.degree!.why).toContain(
          `p = 2, the largest privacy degree the 10 rows of ${file} admit with 3 sensitive items from the support band, in place of the default p = 10`,
        );
        expect(trace.params.p).toBe(2);
        expect(trace.steps.length).toBeGreaterThanOrEqual(3);
        // The default p = 10, given by hand, is still refused with its reason.
        const refused = await cliInProcess(...args, '--p', '10', '--out', dir.path('refused.json'));
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain('n/p = 1 rows');
      }
  });

  it("Ghinita Fig. 1a starts from the paper's p = 2, recognised by its rows, not its name", async () => {
    const copy = dir.file('five-purchases.csv', readFileSync('public/samples/ghinita-fig1a.csv', 'utf8'));
    const out = dir.path('ghinita-nn.json');
    const taught = await cliInProcess(
      'teach',
      copy,
      '--method',
      'nn',
      '--sensitive',
      'Viagra,Pregnancy Test',
      '--out',
      out,
    );
    expect(taught.code, taught.stderr).toBe(0);
    const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
    expect(trace.degree).toMatchObject({ p: 2, source: 'paper' });
    expect(trace.degree!.why).toContain(
      'the privacy degree the paper gives Ghinita Fig. 1a (Ghinita, Kalnis, Tao Sec. 3 and Fig. 1d)',
    );
    // The largest p these five rows admit would be 5 (each sensitive item in one row): one group.
    const release = trace.steps.at(-1)!.state;
    expect(release.kind === 'matrix' && release.groups!.length).toBeGreaterThan(1);
    // The sample's own settings in the page say the same p.
    const sample = SAMPLES.find((s) => s.id === 'ghinita-fig1a')!;
    expect(sample.example!.params.p).toBe(PAPER_DEGREES[0].p);
  });

  it('nothing is chosen when p is given or the default fits the data', () => {
    // 100 rows; items 50 and 51 in 10 rows each: p = 10 is feasible.
    const rows = Array.from({ length: 100 }, (_, r) => [
      r % 7,
      10 + (r % 3),
      ...(r % 10 === 0 ? [50, 51] : []),
    ]);
    const dataset = datasetOf(rows);
    const sensitive = { items: ['50', '51'] };
    const spec = findMethod('nn')!;
    expect(teachingDegree(dataset, spec, { params: {}, seed: 1, sensitive })).toBeUndefined();
    expect(teachRun(dataset, { method: 'nn', params: {}, seed: 1, sensitive }).params.p).toBe(10);
    // 25 rows, each sensitive item in 3: p = 10 needs at most 2; 8 is the largest p they admit.
    const small = datasetOf(rows.slice(0, 25));
    expect(teachingDegree(small, spec, { params: { p: 10 }, seed: 1, sensitive })).toBeUndefined();
    expect(teachingDegree(small, spec, { params: {}, seed: 1, sensitive })).toMatchObject({
      p: 8,
      source: 'largest',
    });
    expect(teachingDegree(small, findMethod('pta')!, { params: {}, seed: 1 })).toBeUndefined();
  });
});
