/**
 * The papers' intermediate figures as named steps of the teaching traces, equal to the paper:
 * Ghinita Fig. 1a-1c (with Sec. 5.2's Gray codes), PTA Figs. 2-7 (Lin et al. Sec. 5) and COAT's
 * Example 4.1 ending in Fig. 2(c). Each trace is the one the stepper shows on the sample.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/core/data/parsers/index.ts';
import { teachRun, type TeachRequest } from '../src/core/run/teachRun.ts';
import { FIG4_MATRIX } from './ptaFigures.ts';
import type {
  Drawing,
  MatrixDrawing,
  PairsDrawing,
  Step,
  TableDrawing,
  Trace,
} from '../src/core/teach/trace.ts';

function trace(file: string, request: TeachRequest): Trace {
  const dataset = parseText(readFileSync(`public/samples/${file}`, 'utf8'), { fileName: file }).dataset;
  return teachRun(dataset, request);
}

const figure = (t: Trace, name: string): Step => {
  const steps = t.steps.filter((s) => s.figure === name);
  expect(steps.length, `steps named ${name}`).toBeGreaterThanOrEqual(1);
  return steps[0];
};

function asKind<K extends Drawing['kind']>(state: Drawing, kind: K): Extract<Drawing, { kind: K }> {
  if (state.kind !== kind) throw new Error(`expected a ${kind} drawing, got ${state.kind}`);
  return state as Extract<Drawing, { kind: K }>;
}

/** A matrix's rows as `name: X-marked columns` (the way the paper's tables read). */
const marks = (m: MatrixDrawing) =>
  m.rows.map((r) => `${r.label}: ${r.cells.map((c) => m.columns[c].label).join(' ')}`);
/** A matrix's rows as bit strings over its columns. */
const bits = (m: MatrixDrawing) =>
  m.rows.map((r) => `${r.label} ${m.columns.map((_, c) => (r.cells.includes(c) ? '1' : '0')).join('')}`);

describe('Ghinita Fig. 1 (p = 2, Viagra and Pregnancy Test sensitive)', () => {
  // T1..T5 are Bob, David, Claire, Andrea, Ellen: the sample lists them in Fig. 1a's order, and
  // the steps name them so (their ids stay T1..T5).
  const ghinita = (method: string, params: Record<string, string | number> = {}) =>
    trace('ghinita-fig1a.csv', {
      method,
      params: { p: 2, ...params },
      seed: 1,
      sensitive: { items: ['Viagra', 'Pregnancy Test'] },
    });

  it('Fig. 1a: the original data, columns Wine, Strawberries, Meat, Cream, Pregnancy Test, Viagra', () => {
    const m = asKind(figure(ghinita('gray-cahd', { order: 'input' }), 'Fig. 1a').state, 'matrix');
    expect(m.columns.map((c) => c.label)).toEqual([
      'Wine',
      'Strawberries',
      'Meat',
      'Cream',
      'Pregnancy Test',
      'Viagra',
    ]);
    expect(m.columns.filter((c) => c.sensitive).map((c) => c.label)).toEqual(['Pregnancy Test', 'Viagra']);
    expect(marks(m)).toEqual([
      'Bob: Wine Meat Viagra',
      'David: Wine Meat',
      'Claire: Strawberries Cream Pregnancy Test',
      'Andrea: Strawberries Meat',
      'Ellen: Wine Meat Cream',
    ]);
    expect(m.rows.map((r) => r.id)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
  });

  it("Fig. 1c: GraySort orders Andrea, Claire, Bob, David, Ellen, with Sec. 5.2's codes and ranks", () => {
    const step = figure(ghinita('gray-cahd', { order: 'input' }), 'Fig. 1c');
    const m = asKind(step.state, 'matrix');
    expect(m.rows.map((r) => r.label)).toEqual(['Andrea', 'Claire', 'Bob', 'David', 'Ellen']);
    expect(marks(m)).toEqual([
      'Andrea: Strawberries Meat',
      'Claire: Strawberries Cream Pregnancy Test',
      'Bob: Wine Meat Viagra',
      'David: Wine Meat',
      'Ellen: Wine Meat Cream',
    ]);
    // Sec. 5.2: Bob[Q] = 1010, Claire[Q] = 0101, Andrea[Q] = 0110, Ellen[Q] = 1011, and
    // Bob'[Q] = David'[Q] = 1100, Claire'[Q] = 0110, Andrea'[Q] = 0100, Ellen'[Q] = 1101.
    expect(step.candidates!.map((c) => `${c.label} ${c.values['t[Q]']} ${c.values["t'[Q]"]}`)).toEqual([
      'Andrea 0110 0100',
      'Claire 0101 0110',
      'Bob 1010 1100',
      'David 1010 1100',
      'Ellen 1011 1101',
    ]);
  });

  it('Fig. 1b: the band matrix of RCM, QID columns Wine, Meat, Cream, Strawberries', () => {
    const m = asKind(figure(ghinita('rcm-cahd'), 'Fig. 1b').state, 'matrix');
    expect(m.columns.map((c) => c.label)).toEqual([
      'Wine',
      'Meat',
      'Cream',
      'Strawberries',
      'Pregnancy Test',
      'Viagra',
    ]);
    // Fig. 1b lists Bob, David, Ellen, Andrea, Claire. Bob and David have the same QID items (and
    // degree), so RCM's order between them is a tie; ours puts David first. The QID part of the
    // matrix is Fig. 1b's, row for row.
    expect(m.rows.map((r) => r.label)).toEqual(['David', 'Bob', 'Ellen', 'Andrea', 'Claire']);
    const qid = (row: MatrixDrawing['rows'][number]) =>
      row.cells.filter((c) => !m.columns[c].sensitive).map((c) => m.columns[c].label);
    expect(m.rows.map(qid)).toEqual([
      ['Wine', 'Meat'],
      ['Wine', 'Meat'],
      ['Wine', 'Meat', 'Cream'],
      ['Meat', 'Strawberries'],
      ['Cream', 'Strawberries'],
    ]);
  });

  it('both orders give the groups {Andrea, Claire} and {Bob, David} (Sec. 1.2: RCM and Gray agree)', () => {
    for (const [method, params] of [
      ['gray-cahd', { order: 'input' }],
      ['rcm-cahd', {}],
    ] as const) {
      const groups = ghinita(method, params).steps.filter((s) => s.title.startsWith('Group G'));
      expect(groups.map((s) => [...s.changed].sort())).toEqual(
        method === 'gray-cahd'
          ? [
              ['T3', 'T4'],
              ['T1', 'T2'],
            ]
          : [
              ['T1', 'T2'],
              ['T3', 'T4'],
            ],
      );
    }
  });
});

describe('PTA worked example (Lin et al. Sec. 5: k = 3, 2 segments)', () => {
  const pta = trace('pta-fig2a.arff', { method: 'pta', params: { k: 3, segments: 2 }, seed: 1 });

  it('Fig. 2(b): the thirteen transactions as bit vectors over A..E', () => {
    const m = asKind(figure(pta, 'Fig. 2b').state, 'matrix');
    expect(m.columns.map((c) => c.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
    // The bits of Fig. 3's tables, by TID.
    expect(bits(m)).toEqual([
      'T1 01010',
      'T2 11100',
      'T3 00111',
      'T4 10111',
      'T5 11010',
      'T6 01011',
      'T7 10100',
      'T8 00011',
      'T9 10001',
      'T10 01010',
      'T11 01010',
      'T12 10101',
      'T13 01110',
    ]);
  });

  it('Fig. 2(c) and Fig. 3: the Gray-sorted database cut into two segments', () => {
    const sorted = asKind(figure(pta, 'Fig. 2c').state, 'matrix');
    const order = ['T8', 'T3', 'T13', 'T1', 'T10', 'T11', 'T6', 'T5', 'T2', 'T7', 'T12', 'T4', 'T9'];
    expect(sorted.rows.map((r) => r.label)).toEqual(order);
    const segments = asKind(figure(pta, 'Fig. 3').state, 'matrix');
    expect(segments.rows.map((r) => `${r.label}:${segments.groups![r.group!].label}`)).toEqual(
      order.map((t, i) => `${t}:${i < 7 ? 'seg1' : 'seg2'}`),
    );
  });

  it('one segment asked for reads as one, not as "1 consecutive segments"', () => {
    const whole = trace('pta-fig2a.arff', { method: 'pta', params: { k: 3, segments: 1 }, seed: 1 });
    expect(figure(whole, 'Fig. 3').text).toBe(
      'The sorted data is kept as a single segment, anonymized as a whole.',
    );
  });

  it('Fig. 4: the Hamming matrix of segment 1', () => {
    const pairs = asKind(figure(pta, 'Fig. 4').state, 'pairs');
    expect(pairs.labels.map((l) => l.label)).toEqual(['T8', 'T3', 'T13', 'T1', 'T10', 'T11', 'T6']);
    expect(pairs.values.map((row) => row.map((v) => (v === null ? '∞' : String(v))))).toEqual(FIG4_MATRIX);
  });

  it("Fig. 5: T8's loop, its nodes taken in the figure's order, IL 6, and the path (T8, T6, T1, T10, T11, T13, T3)", () => {
    const growth = pta.steps.filter((s) => s.title.startsWith('PrimTSP from T8'));
    // Fig. 5's numbers above the arrows: 1 T3 (Star side), 2 T6, 3 T1, 4 T10, 5 T11, 6 T13 (Dest side).
    expect(growth.map((s) => s.title.replace(/^PrimTSP from T8, step \d+: /, ''))).toEqual([
      'T3 joins the Star end',
      'T6 joins the Dest end',
      'T1 joins the Dest end',
      'T10 joins the Dest end',
      'T11 joins the Dest end',
      'T13 joins the Dest end',
    ]);
    // Sec. 5: "hd(T8, T6) = 1 < hd(T3, T13) = 2. Thus, T6 is considered as the node succeeding T8".
    expect(growth[1].candidates!.map((c) => `${c.label} ${c.values.end} ${c.values.hd}`)).toEqual([
      'T13 Star T3 2',
      'T6 Dest T8 1',
    ]);
    const loop = figure(pta, 'Fig. 5');
    const pairs = asKind(loop.state, 'pairs') as PairsDrawing;
    expect(pairs.closed).toBe(true);
    expect(pairs.path!.map((i) => pairs.labels[i].label)).toEqual([
      'T8',
      'T6',
      'T1',
      'T10',
      'T11',
      'T13',
      'T3',
    ]);
    expect(loop.candidates!.find((c) => c.chosen)).toMatchObject({ label: 'from T8', values: { IL: 6 } });
  });

  it('Fig. 6: the mapped groups; g10 has IL 0, g8 = {T3, T8, T6} has centre 01011 voted to 00011 and IL 2', () => {
    const step = figure(pta, 'Fig. 6');
    const groups = new Map(step.candidates!.map((c) => [c.label, c.values]));
    expect(groups.size).toBe(7);
    expect(groups.get('g10')).toMatchObject({ rows: 'T1, T10, T11', IL: 0 });
    expect(groups.get('g8')).toMatchObject({ rows: 'T3, T8, T6', centre: '00011', IL: 2 });
    // Sec. 5: g1 holds T1 and T10, g11 holds T10 and T11.
    expect(String(groups.get('g1')!.rows)).toContain('T1, T10');
    expect(String(groups.get('g11')!.rows)).toContain('T10, T11');
  });

  it('Alg. 3 as Sec. 5 tells it: C1 from g10, then g1 and g11 dropped for overlap, C2 from g8, T13 to C1', () => {
    const classes = pta.steps.filter((s) => s.title.includes('of segment 1 from'));
    expect(classes.map((s) => s.title)).toEqual([
      'Class C1 of segment 1 from g10',
      'Class C2 of segment 1 from g8',
    ]);
    expect(classes[1].candidates!.map((c) => `${c.label}${c.chosen ? '*' : ''}`)).toEqual([
      'g1',
      'g11',
      'g8*',
    ]);
    const join = pta.steps.find((s) => s.title === 'T13 joins C1')!;
    expect(join.candidates!.map((c) => `${c.label} ${c.values.distance}`)).toEqual(['C1 1', 'C2 3']);
  });

  it('Fig. 7: segment 1 anonymized, C1 = {T1, T10, T11, T13} as 01010 (IL 1), C2 = {T3, T8, T6} as 00011 (IL 2)', () => {
    const table = asKind(figure(pta, 'Fig. 7').state, 'table') as TableDrawing;
    expect(
      table.rows.map((r) => `${r.label} ${r.items.join(',')} ${r.note} C${r.group! + 1}`).sort(),
    ).toEqual(
      [
        'T1 B,D 01010 C1',
        'T10 B,D 01010 C1',
        'T11 B,D 01010 C1',
        'T13 B,D 01010 C1',
        'T3 D,E 00011 C2',
        'T6 D,E 00011 C2',
        'T8 D,E 00011 C2',
      ].sort(),
    );
    expect(table.groups!.map((g) => g.note)).toEqual(['4 rows, IL 1', '3 rows, IL 2']);
  });
});

describe('COAT Example 4.1 (Fig. 1, k = 5, s = 15%)', () => {
  const coat = trace('coat-fig1a.csv', {
    method: 'coat',
    params: { k: 5, m: 0, s: 15, constraints: 'a,b,c\nd,e,f,g,h', utility: 'a,b\nc\nd\ne,f,g,h' },
    seed: 1,
  });
  const steps = coat.steps.filter((s) => s.figure === 'Example 4.1');
  const rows = (step: Step) => (step.state as TableDrawing).rows.map((r) => r.items.join(' '));

  it('p1 and p2 are equally supported, so p1 = {a, b, c} is taken first', () => {
    expect(figure(coat, 'Fig. 1').candidates!.map((c) => `${c.label} ${c.values.support}`)).toEqual([
      '{a, b, c} 1',
      '{d, e, f, g, h} 1',
    ]);
    expect(coat.steps.find((s) => s.title.startsWith('Constraint'))!.title).toBe('Constraint {a, b, c}');
  });

  it('generalizes b with a, suppresses d, generalizes g with h: the three steps of the example', () => {
    expect(steps.map((s) => s.title)).toEqual(['Generalize b with a', 'Suppress d', 'Generalize g with h']);
  });

  it('after (a,b): (a,b) is in 7 rows (Theorem 3.1: 6 + 3 - 2) and p1 holds', () => {
    expect(rows(steps[0]).filter((r) => r.includes('(a,b)'))).toHaveLength(7);
    // The example says "(a,b)c to 7"; 7 is the support of (a,b), (a,b)c is in 5 rows, enough for k = 5.
    expect(steps[0].text).toContain('now {(a,b), c}, is in 5 rows: satisfied');
  });

  it('after suppressing d: d is in no row and p2 still fails', () => {
    expect(rows(steps[1]).some((r) => r.split(' ').includes('d'))).toBe(false);
    expect(steps[1].text).toContain('alone');
    expect(steps[1].text).toContain('still below k = 5');
  });

  it('g is generalized with h, of least UL among e, f and h', () => {
    expect(steps[2].candidates!.map((c) => `${c.label} ${c.values['sup(ĩ)']}${c.chosen ? '*' : ''}`)).toEqual(
      ['g + e 7', 'g + f 7', 'g + h 6*'],
    );
  });

  it('the state after the last step is Fig. 2(c), row for row', () => {
    expect(rows(steps[2])).toEqual([
      '(a,b) c e f (g,h)', // Alice
      '(a,b) c e f (g,h)', // Mary
      'c e f (g,h)', // George
      '(a,b) c e f', // Jack
      'e f (g,h)', // Anne
      'e f (g,h)', // Tom
      '(a,b) e', // Jim
      '(a,b) c f', // Steve
      '(a,b) c', // David
      '(a,b) (g,h)', // Ellen
    ]);
  });
});
