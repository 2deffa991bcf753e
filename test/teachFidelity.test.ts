/**
 * Issue 40's fidelity fixes on the paper examples: where a step departs from a figure it says so
 * (Ghinita Fig. 1d, Table I(D), Ex. 3.15), figure badges only on the paper's own example, the row
 * names of the file (Bob, Claire) or of the paper, PTA's closing edges, LSH's w against |Q|,
 * PermMondrian's partition names kept across steps, the alternatives with their numbers (NN, LSH,
 * apriori-km, PAM), COAT's UL with Def. 3.14's normalising factors, multi-anatomy's phi² sentence,
 * and apriori-km's COAT Fig. 2(a) at m = 5 over Fig. 3's hierarchy.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { teachRun, type TeachRequest } from '../src/core/run/teachRun.ts';
import type { Trace } from '../src/core/teach/trace.ts';
import { datasetOfTokens } from './helpers.ts';

function sample(file: string, keepRowNames = false) {
  return parseText(readFileSync(`public/samples/${file}`, 'utf8'), { fileName: file, keepRowNames });
}

function trace(file: string, request: TeachRequest): Trace {
  return teachRun(sample(file).dataset, request);
}

const GHINITA = { params: { p: 2 }, seed: 1, sensitive: { items: ['Viagra', 'Pregnancy Test'] } };
const step = (t: Trace, title: RegExp) => {
  const found = t.steps.find((s) => title.test(s.title));
  expect(found, `a step titled ${title}`).toBeDefined();
  return found!;
};

describe('Ghinita Fig. 1', () => {
  it('says why the release has 3 groups where Fig. 1d has 2 (p − 1 = 1 partner each)', () => {
    const t = trace('ghinita-fig1a.csv', {
      method: 'gray-cahd',
      ...GHINITA,
      params: { p: 2, order: 'input' },
    });
    const rest = step(t, /rows left form group G3/);
    expect(rest.text).toContain('Fig. 1d draws 2 groups');
    expect(rest.text).toContain('p − 1 = 1 partner');
    expect(rest.text).toContain('Ellen, holding no sensitive item');
  });

  it('names the rows as the file does (csv-long tids), ids staying T1..T5', () => {
    const { dataset, rowNames } = sample('ghinita-fig1a.csv', true);
    expect(rowNames).toEqual(['Bob', 'David', 'Claire', 'Andrea', 'Ellen']);
    const t = teachRun(dataset, { method: 'nn', ...GHINITA, rowNames: ['B', 'D', 'C', 'A', 'E'] });
    expect(t.rowNames).toBe('file');
    const first = t.steps[0].state;
    if (first.kind !== 'matrix') throw new Error('matrix expected');
    expect(first.rows.map((r) => `${r.id}=${r.label}`)).toEqual(['T1=B', 'T2=D', 'T3=C', 'T4=A', 'T5=E']);
    expect(step(t, /Group G1/).title).toBe('Group G1 for B');
  });

  it('lists the rows NN did not reach, with their distances, and asks which joins', () => {
    const g1 = step(trace('ghinita-fig1a.csv', { method: 'nn', ...GHINITA }), /Group G1/);
    expect(g1.candidates!.map((c) => `${c.label} ${c.values['QID distance']} ${c.chosen}`)).toEqual([
      'David 0 true',
      'Ellen 1 false',
      'Andrea 2 false',
      'Claire 4 false',
    ]);
    expect(g1.question!.answer).toBe('T2');
  });

  it("LSH: the alternatives outside t's buckets, and w above |Q| said, not silently capped", () => {
    const t = trace('ghinita-fig1a.csv', { method: 'lsh', ...GHINITA, params: { p: 2, w: 32, B: 2 } });
    expect(step(t, /LSH hash tables/).text).toContain('w = 32 was asked, but the data have only 4 QID items');
    expect(step(t, /LSH hash tables/).text).toContain('B = 2 projections of w = 2');
    const g1 = step(t, /Group G1/);
    expect(g1.candidates!.filter((c) => c.chosen === false).length).toBeGreaterThanOrEqual(2);
    const paper = trace('ghinita-fig1a.csv', { method: 'lsh', ...GHINITA, params: { p: 2, w: 2, B: 2 } });
    expect(step(paper, /LSH hash tables/).text).not.toContain('was asked');
    expect(step(paper, /LSH hash tables/).candidates).toHaveLength(2);
  });

  it('PermMondrian: a partition keeps its name from step to step', () => {
    const t = trace('ghinita-fig1a.csv', { method: 'perm-mondrian', ...GHINITA });
    const names = new Map<string, string>();
    for (const s of t.steps) {
      if (s.state.kind !== 'matrix' || !s.state.groups) continue;
      const m = s.state;
      for (const [g, group] of m.groups!.entries()) {
        if (!group.label.startsWith('P')) continue;
        const rows = m.rows
          .filter((r) => r.group === g)
          .map((r) => r.id)
          .join(',');
        if (names.has(group.label)) expect(names.get(group.label), group.label).toBe(rows);
        names.set(group.label, rows);
      }
    }
    expect(names.size).toBeGreaterThanOrEqual(3);
  });

  it('figure badges only on the paper example: the same rows in another order have none', () => {
    const own = trace('ghinita-fig1a.csv', { method: 'rcm-cahd', ...GHINITA });
    expect(own.example).toBe('Ghinita Fig. 1a');
    expect(own.steps.some((s) => s.figure === 'Fig. 1b')).toBe(true);
    const rows = [
      ['Wine', 'Meat'],
      ['Wine', 'Meat', 'Viagra'],
      ['Strawberries', 'Cream', 'Pregnancy Test'],
      ['Strawberries', 'Meat'],
      ['Wine', 'Meat', 'Cream'],
    ];
    const other = teachRun(datasetOfTokens(rows), { method: 'rcm-cahd', ...GHINITA });
    expect(other.example).toBeUndefined();
    expect(other.rowNames).toBeUndefined();
    expect(other.steps.every((s) => s.figure === undefined)).toBe(true);
    expect(other.steps.some((s) => /Fig\. 1d draws/.test(s.text))).toBe(false);
  });
});

describe('PTA Fig. 5', () => {
  it('names the closing edge between the two ends: T13–T3, then T5–T9 in segment 2', () => {
    const t = trace('pta-fig2a.arff', { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 });
    const loops = t.steps.filter((s) => s.title.startsWith('The loop of least IL'));
    expect(loops.map((s) => /closing edge (\S+)/.exec(s.text)![1])).toEqual(['T13–T3', 'T5–T9']);
  });
});

describe('multi-anatomy Table I', () => {
  const t = trace('anatomy-table1a.csv', { method: 'multi-anatomy', params: { l: 2, columns: 2 }, seed: 1 });

  it("phi²'s sentence is eq. (4)'s: no claim of 1 for items together; the largest pair named", () => {
    const phi = t.steps[0].text;
    expect(phi).not.toContain('is 1 when');
    expect(phi).toContain('(1 − f)²');
    expect(phi).toContain('0.08167 for d and f');
    expect(phi).toContain('anti-correlated');
  });

  it("PAM's BUILD lists every item's total distance; the departure from Table I(D) is said", () => {
    const build = step(t, /PAM BUILD/);
    expect(build.candidates).toHaveLength(8);
    expect(build.question!.answer).toBe('g');
    expect(step(t, /Item partition/).text).toContain(
      'Table I(D) has the columns {d, e, f, h} and {a, b, c, g}',
    );
    expect(step(t, /Bucket B1 closes/).text).toContain('two buckets of five rows');
  });
});

describe('COAT and apriori-km on COAT Fig. 1a', () => {
  const constraints = { k: 5, m: 0, constraints: 'a,b,c\nd,e,f,g,h', utility: 'a,b\nc\nd\ne,f,g,h' };

  it("UL with Def. 3.14's normalising factors, Ex. 3.15 checked against it", () => {
    const t = trace('coat-fig1a.csv', { method: 'coat', params: constraints, seed: 1 });
    const ab = step(t, /Generalize b with a/);
    expect(ab.candidates![0].values).toMatchObject({ '2^|ĩ|−1': 3, w: 1, 'sup(ĩ)': 7, UL: 0.008235 });
    expect(ab.text).toContain('3/255 × 0.375 × 7/8 ≈ 0.004');
    const gh = step(t, /Generalize g with h/);
    expect(gh.candidates!.map((c) => c.values.UL)).toEqual([0.008235, 0.008235, 0.007059]);
    expect(t.steps[1].state.kind === 'table' && t.steps[1].state.rows[0].label).toBe('Alice');
  });

  it("apriori-km at k = 5, m = 5 over Fig. 3's hierarchy publishes Fig. 2(a)", () => {
    const hierarchy = readFileSync('public/samples/coat-fig3-hierarchy.csv', 'utf8');
    const t = trace('coat-fig1a.csv', { method: 'apriori-km', params: { k: 5, m: 5, hierarchy }, seed: 1 });
    const release = t.steps[t.steps.length - 1].state;
    if (release.kind !== 'table') throw new Error('table expected');
    const byName = Object.fromEntries(release.rows.map((r) => [r.label, r.items.join(' ')]));
    expect(byName).toEqual({
      Alice: '(a,b,c) (d,e,f,g,h)',
      Mary: '(a,b,c) (d,e,f,g,h)',
      George: '(a,b,c) (d,e,f,g,h)',
      Jack: '(a,b,c) (d,e,f,g,h)',
      Anne: '(d,e,f,g,h)',
      Tom: '(d,e,f,g,h)',
      Jim: '(a,b,c) (d,e,f,g,h)',
      Steve: '(a,b,c) (d,e,f,g,h)',
      David: '(a,b,c)',
      Ellen: '(a,b,c) (d,e,f,g,h)',
    });
    const fix = step(t, /^Fix /);
    expect(fix.candidates!.some((c) => c.chosen === false && /costs more/.test(c.note ?? ''))).toBe(true);
  });
});
