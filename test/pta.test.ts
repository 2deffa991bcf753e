/**
 * PTA's worked example (Lin et al., Sec. 5, Figs. 2-7): k = 3, 2 segments, thirteen transactions
 * over QID items A..E (public/samples/pta-fig2a.arff).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseText } from '../src/core/data/parsers/index.ts';
import { anonymizeSegment } from '../src/core/methods/pta/anonymizeSegment.ts';
import { planSegments } from '../src/core/methods/pta/segments.ts';
import fc from 'fast-check';
import {
  buildDistanceMatrix,
  loopFrom,
  primTsp,
  type DistanceMatrix,
  type Loop,
} from '../src/core/methods/pta/primTsp.ts';
import { compareGray, grayRank } from '../src/core/methods/shared/grayOrder.ts';
import { runMethod } from '../src/core/run/runMethod.ts';
import { FIG4_MATRIX } from './ptaFigures.ts';

const dataset = parseText(readFileSync('public/samples/pta-fig2a.arff', 'utf8'), {
  fileName: 'pta-fig2a.arff',
}).dataset;
const T = (r: number) => `T${r + 1}`;
const bits = (items: number[]) =>
  ['A', 'B', 'C', 'D', 'E']
    .map((t) => (items.map((i) => dataset.dictionary.token(i)).includes(t) ? '1' : '0'))
    .join('');

describe('PTA worked example (k = 3, 2 segments)', () => {
  const { sorted, segments } = planSegments(dataset, 3, 2, 'token');
  const trace = { sorted, segments: segments.map((rows) => anonymizeSegment(dataset, rows, 3)) };
  const [seg1, seg2] = trace.segments;

  it('Gray-sorts the database as Fig. 2(c) and splits it as Fig. 3', () => {
    expect(trace.sorted.map(T)).toEqual([
      'T8',
      'T3',
      'T13',
      'T1',
      'T10',
      'T11',
      'T6',
      'T5',
      'T2',
      'T7',
      'T12',
      'T4',
      'T9',
    ]);
    expect(seg1.rows.map(T)).toEqual(['T8', 'T3', 'T13', 'T1', 'T10', 'T11', 'T6']);
    expect(seg2.rows.map(T)).toEqual(['T5', 'T2', 'T7', 'T12', 'T4', 'T9']);
  });

  it('builds the Hamming matrix of Fig. 4', () => {
    const { size, distance } = seg1.matrix;
    const rows = Array.from({ length: size }, (_, i) =>
      Array.from({ length: size }, (_, j) => (i === j ? '∞' : String(distance[i * size + j]))),
    );
    expect(rows).toEqual(FIG4_MATRIX);
  });

  it("grows T8's loop with IL 6 (Fig. 5) and picks the path (T8, T6, T1, T10, T11, T13, T3)", () => {
    const loopOfT8 = loopFrom(seg1.matrix, 0);
    expect(loopOfT8?.il).toBe(6);
    expect(seg1.loop.il).toBe(6);
    expect(seg1.loop.path.map((i) => T(seg1.rows[i]))).toEqual(['T8', 'T6', 'T1', 'T10', 'T11', 'T13', 'T3']);
  });

  it('maps and votes as Fig. 6: g10 has IL 0, g8 = {T3, T8, T6} has centre 00011 and IL 2', () => {
    const byCentre = new Map(seg1.groups.map((g) => [T(seg1.rows[seg1.loop.path[g.at]]), g]));
    expect(byCentre.get('T10')!.il).toBe(0);
    expect(
      byCentre
        .get('T8')!
        .members.map((i) => T(seg1.rows[i]))
        .sort(),
    ).toEqual(['T3', 'T6', 'T8']);
    expect(bits(byCentre.get('T8')!.center)).toBe('00011');
    expect(byCentre.get('T8')!.il).toBe(2);
  });

  it('forms C1 = {T1, T10, T11, T13} with centre 01010 (IL 1) and C2 = {T3, T6, T8} with 00011 (IL 2), Fig. 7', () => {
    const classes = seg1.classes.map((c) => ({
      tids: c.members.map(T).sort(),
      center: bits(c.center),
      il: c.il,
    }));
    expect(classes).toEqual([
      { tids: ['T1', 'T10', 'T11', 'T13'], center: '01010', il: 1 },
      { tids: ['T3', 'T6', 'T8'], center: '00011', il: 2 },
    ]);
  });

  it("the whole run verifies 3-anonymity and IL equals the classes' IL", () => {
    const { record, release } = runMethod(dataset, {
      method: 'pta',
      params: { k: 3, segments: 2 },
      seed: 1,
      metrics: ['il'],
    });
    expect(record.verified).toBe(true);
    expect(release.kind).toBe('transactions');
    const classIl = trace.segments.flatMap((s) => s.classes).reduce((sum, c) => sum + c.il, 0);
    expect(record.metrics.il).toBe(classIl);
    expect(record.command).toContain('--method pta --k 3 --segments 2');
  });
});

describe('Gray order', () => {
  it('matches the binary rank of the reflected Gray code (PTA Table 3)', () => {
    const codes = ['000', '001', '011', '010', '110', '111', '101', '100'];
    const positions = codes.map((c) => [...c].flatMap((b, i) => (b === '1' ? [i] : [])));
    expect(positions.map((p) => Number(grayRank(p, 3)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (let a = 0; a < 8; a++)
      for (let b = 0; b < 8; b++)
        expect(Math.sign(compareGray(positions[a], positions[b]))).toBe(Math.sign(a - b));
  });
});

describe('PrimTSP (Alg. 1)', () => {
  /** Alg. 1's loop from `start` as printed: each step scans every unvisited node (the reference). */
  function scannedLoop(matrix: DistanceMatrix, start: number): Loop {
    const { size, distance } = matrix;
    const unvisited = Array.from({ length: size }, (_, i) => i).filter((i) => i !== start);
    const starSide: number[] = [];
    const destSide: number[] = [];
    let [star, dest, il] = [start, start, 0];
    const nearest = (from: number, except = -1) =>
      unvisited.reduce(
        (best, v) =>
          v !== except && (best < 0 || distance[from * size + v] < distance[from * size + best]) ? v : best,
        -1,
      );
    while (unvisited.length > 0) {
      const nearStar = nearest(star);
      const nearDest = unvisited.length > 1 ? nearest(dest, nearStar) : nearest(dest);
      const [side, node, end] =
        distance[star * size + nearStar] > distance[dest * size + nearDest]
          ? [destSide, nearDest, dest]
          : [starSide, nearStar, star];
      side.push(node);
      il += distance[end * size + node];
      if (side === destSide) dest = node;
      else star = node;
      unvisited.splice(unvisited.indexOf(node), 1);
    }
    il += distance[dest * size + star];
    return { path: [start, ...destSide, ...starSide.reverse()], il };
  }

  it('sorted neighbour lists and abandoned loops give the loops and the choice of Alg. 1 as printed (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }), {
          minLength: 1,
          maxLength: 12,
        }),
        (points) => {
          // Distances of small integer points (many ties), symmetric, 0 on the diagonal.
          const matrix = buildDistanceMatrix(points.length, (i, j) =>
            points[i].reduce((sum, x, d) => sum + Math.abs(x - points[j][d]), 0),
          );
          let best: Loop = { path: [], il: Infinity };
          for (let start = 0; start < points.length; start++) {
            const loop = scannedLoop(matrix, start);
            expect(loopFrom(matrix, start)).toEqual(loop);
            if (loop.il < best.il) best = loop;
          }
          expect(primTsp(matrix)).toEqual(best);
        },
      ),
      { numRuns: 300 },
    );
  });
});
