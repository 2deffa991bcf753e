/**
 * The teaching steps of a recorded PTA run (Lin et al., Sec. 4-5 and the worked example of Figs.
 * 2-7), drawn from the run's own structures as each stage ends: the rows as bit vectors (Fig. 2b),
 * Gray-sorted (Fig. 2c), cut into segments (Fig. 3); per segment the Hamming matrix (Fig. 4), the
 * growth of the loop PrimTSP keeps, edge by edge on small segments, and the loops from every start
 * compared (Fig. 5), the mapped groups with their majority-vote centres (Fig. 6), the equivalence
 * classes as Alg. 3 forms them, the rows left joining the nearest centre, and the segment
 * anonymized (Fig. 7). Figure names go with the first segment, the one the paper draws.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { count, matrixOf, rowIds } from '../../teach/drawings.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import { rowName, type Candidate, type PairsDrawing, type TableDrawing } from '../../teach/trace.ts';
import type { ClassLog, EquivalenceClass } from './equivalenceClasses.ts';
import type { CandidateGroup } from './mapAndVote.ts';
import type { DistanceMatrix, Loop, LoopLog } from './primTsp.ts';

/** Segments up to this size show their loop's growth edge by edge. */
const EDGE_STEPS_UP_TO = 16;
/** Bit strings are shown up to this many items. */
const SHOWN_BITS = 24;

export class PtaSteps {
  /** Item ids in column (Gray) order. */
  private columns: number[] = [];

  constructor(
    readonly rec: Recorder,
    readonly dataset: Dataset,
    readonly k: number,
  ) {}

  /** A row's (or a centre's) items as a bit string over the columns, when they are few. */
  bits(items: ArrayLike<number>): string | undefined {
    if (this.columns.length > SHOWN_BITS) return undefined;
    const held = new Set(Array.from(items));
    return this.columns.map((item) => (held.has(item) ? '1' : '0')).join('');
  }

  /** Items as tokens in column order. */
  tokens(items: ArrayLike<number>): string[] {
    const held = new Set(Array.from(items));
    return this.columns.filter((item) => held.has(item)).map((item) => this.dataset.dictionary.token(item));
  }

  input(position: Uint32Array): void {
    this.columns = Array.from({ length: this.dataset.d }, (_, i) => i).sort(
      (a, b) => position[a] - position[b],
    );
    this.rec.step({
      title: 'The transactions as bit vectors',
      text: `PTA treats every item as part of the quasi-identifier: each transaction becomes a vector of ${this.columns.length} bits, one per item, in this column order.`,
      cite: 'Lin et al. Sec. 4.1 (pre-processing), Fig. 2(b)',
      figure: 'Fig. 2b',
      state: matrixOf(
        this.dataset,
        Array.from({ length: this.dataset.n }, (_, r) => r),
        this.columns,
      ),
      changed: [],
    });
  }

  sorted(sorted: readonly number[]): void {
    this.rec.step({
      title: 'Gray sort',
      text: 'The bit vectors are sorted in Gray-code order (the first column is the most significant), so that consecutive transactions differ in few bits.',
      cite: 'Lin et al. Sec. 4.1 (sortD), Fig. 2(c)',
      figure: 'Fig. 2c',
      state: matrixOf(this.dataset, sorted, this.columns),
      changed: rowIds(sorted.filter((r, i) => r !== i)),
    });
  }

  segments(segments: readonly number[][], requested: number): void {
    this.rec.step({
      title: `${segments.length} segment${segments.length === 1 ? '' : 's'}`,
      text:
        requested === 1
          ? 'The sorted data is kept as a single segment, anonymized as a whole.'
          : `The sorted data is cut into ${requested} consecutive segments of near-equal size${segments.length < requested ? `, those under k = ${this.k} rows merged with a neighbour` : ''}; ` +
            'each segment is anonymized on its own.',
      cite: 'Lin et al. Sec. 4.1 (divide and conquer), Fig. 3',
      figure: 'Fig. 3',
      state: matrixOf(this.dataset, segments.flat(), this.columns, {
        groupOf: (r) => segments.findIndex((s) => s.includes(r)),
        groups: segments.map((s, i) => ({ id: `S${i + 1}`, label: `seg${i + 1}`, note: `${s.length} rows` })),
      }),
      changed: [],
    });
  }

  segment(index: number): SegmentSteps {
    return new SegmentSteps(this, index);
  }
}

/** The steps of one segment (Alg. 1-3). */
export class SegmentSteps {
  private rows: readonly number[] = [];
  private values: (number | null)[][] = [];

  constructor(
    private readonly pta: PtaSteps,
    private readonly index: number,
  ) {}

  private get name(): string {
    return `segment ${this.index + 1}`;
  }

  private figure(name: string): { figure: string } | object {
    return this.index === 0 ? { figure: name } : {};
  }

  private label(i: number): string {
    return rowName(this.rows[i]);
  }

  private pairs(path?: number[], closed?: boolean): PairsDrawing {
    return {
      kind: 'pairs',
      measure: 'Hamming distance',
      diagonal: '∞',
      labels: this.rows.map((r) => ({ id: rowName(r), label: rowName(r) })),
      values: this.values.map((row) => [...row]),
      ...(path && { path: [...path] }),
      ...(closed && { closed }),
    };
  }

  /**
   * The segment's rows (segment indices, in `order`) as a table, in `classCount` classes when
   * `classOf` is given, each row as its class's centre when `centres` are.
   */
  private table(
    order: readonly number[],
    classOf?: (i: number) => number | undefined,
    classCount = 0,
    centres?: readonly number[][],
  ): TableDrawing {
    const { pta } = this;
    return {
      kind: 'table',
      ...(classCount > 0 && {
        groups: Array.from({ length: classCount }, (_, c) => ({ id: `C${c + 1}`, label: `C${c + 1}` })),
      }),
      rows: order.map((i) => {
        const group = classOf?.(i);
        const items = group !== undefined && centres ? centres[group] : pta.dataset.row(this.rows[i]);
        const bits = pta.bits(items);
        return {
          id: this.label(i),
          label: this.label(i),
          items: pta.tokens(items),
          ...(group !== undefined && { group }),
          ...(bits !== undefined && { note: bits }),
        };
      }),
    };
  }

  /** Alg. 1 line 2: the segment's Hamming matrix (Fig. 4). */
  matrix(rows: readonly number[], matrix: DistanceMatrix): void {
    this.rows = [...rows];
    const { size, distance } = matrix;
    this.values = Array.from({ length: size }, (_, i) =>
      Array.from({ length: size }, (_, j) => (i === j ? null : distance[i * size + j])),
    );
    this.pta.rec.step({
      title: `Hamming matrix of ${this.name}`,
      text: `The distance between two transactions of the segment is the number of items one holds and the other does not: the information lost if one stood for the other.`,
      cite: 'Lin et al. Sec. 4.1 eq. (1), Alg. 1 line 2, Fig. 4',
      ...this.figure('Fig. 4'),
      state: this.pairs(),
      changed: [],
    });
  }

  /** Alg. 1 lines 4-27: the kept loop's growth, then every start's loop compared (Fig. 5). */
  loop(loop: Loop, log: LoopLog): void {
    const { pta } = this;
    const start = loop.path[0];
    if (this.rows.length <= EDGE_STEPS_UP_TO) {
      const starSide: number[] = [];
      const destSide: number[] = [];
      let il = 0;
      log.steps.forEach((step, s) => {
        const atStar = step.side === 'star';
        const node = atStar ? step.nearStar : step.nearDest;
        const from = atStar ? step.star : step.dest;
        (atStar ? starSide : destSide).push(node);
        il += atStar ? step.starDistance : step.destDistance;
        const path = [...[...starSide].reverse(), start, ...destSide];
        const atStarEnd = `${this.label(step.nearStar)} at the Star end (${this.label(step.star)})`;
        const atDestEnd = `${this.label(step.nearDest)} at the Dest end (${this.label(step.dest)})`;
        const question = ask(
          `The loop's ends are Star ${this.label(step.star)} and Dest ${this.label(step.dest)}: which node joins next, and where?`,
          [atStarEnd, atDestEnd],
          atStar ? atStarEnd : atDestEnd,
          `Each end's nearest unvisited node is found (Star: ${this.label(step.nearStar)}, distance ${step.starDistance}; Dest: ${this.label(step.nearDest)}, distance ${step.destDistance}); Dest's is taken only when strictly closer (Alg. 1 lines 13-24).`,
        );
        pta.rec.step({
          ...(question && { question }),
          title: `PrimTSP from ${this.label(start)}, step ${s + 1}: ${this.label(node)} joins the ${atStar ? 'Star' : 'Dest'} end`,
          text:
            `The unvisited node nearest to the Star end ${this.label(step.star)} is ${this.label(step.nearStar)} (distance ${step.starDistance}); ` +
            `the one nearest to the Dest end ${this.label(step.dest)}, other than that one while two are left, is ${this.label(step.nearDest)} (distance ${step.destDistance}). ` +
            `Dest's is taken only when strictly closer, so ${this.label(node)} joins ${this.label(from)}; the loop's IL is now ${il}.`,
          cite: `Lin et al. Alg. 1 lines 13-24${this.index === 0 ? ' (the walk of Sec. 5 and Fig. 5)' : ''}`,
          state: this.pairs(path),
          changed: [`${this.label(from)}|${this.label(node)}`, this.label(node)],
          candidates: [
            {
              label: this.label(step.nearStar),
              ref: this.label(step.nearStar),
              values: { end: `Star ${this.label(step.star)}`, hd: step.starDistance },
              chosen: atStar,
            },
            {
              label: this.label(step.nearDest),
              ref: this.label(step.nearDest),
              values: { end: `Dest ${this.label(step.dest)}`, hd: step.destDistance },
              chosen: !atStar,
            },
          ],
        });
      });
    }
    // The closing edge joins the two ends the walk grew (Alg. 1 line 25: Star's and Dest's last
    // nodes), not the last node of `path` to its first: a loop drawn from `start` has both.
    let starEnd = start;
    let destEnd = start;
    for (const step of log.steps)
      if (step.side === 'star') starEnd = step.nearStar;
      else destEnd = step.nearDest;
    const loops: Candidate[] = log.ils.map((il, s) => ({
      label: `from ${this.label(s)}`,
      ref: this.label(s),
      values: { IL: il === null ? `≥ ${loop.il}` : il },
      chosen: s === start,
      ...(il === null && { note: 'stopped early' }),
    }));
    const question = askFrom(
      `PrimTSP grows a loop from every node of ${this.name}: which start gives the loop of least IL?`,
      loops,
      'A loop stops as soon as its IL reaches the least found so far; the first loop of least IL is kept (Alg. 1 lines 4-27).',
    );
    pta.rec.step({
      ...(question && { question }),
      title: `The loop of least IL in ${this.name}`,
      text:
        `PrimTSP grows a loop from every node of the segment; a loop stops as soon as its IL reaches the least found so far. ` +
        `The loop from ${this.label(start)} has the least IL, ${loop.il}, counting the closing edge ${this.label(destEnd)}–${this.label(starEnd)} that joins the Dest end to the Star end.`,
      cite: 'Lin et al. Alg. 1 lines 4-27, Fig. 5',
      ...this.figure('Fig. 5'),
      state: this.pairs(loop.path, true),
      changed: loop.path.map(
        (node, i) => `${this.label(node)}|${this.label(loop.path[(i + 1) % loop.path.length])}`,
      ),
      candidates: loops,
    });
  }

  /** Alg. 2: every node's group of k around it on the loop, its centre and IL (Fig. 6). */
  groups(loop: Loop, groups: readonly CandidateGroup[]): void {
    const { pta } = this;
    this.pta.rec.step({
      title: `Mapped groups of ${this.name}`,
      text:
        `Each node of the loop maps to a group of k = ${pta.k} consecutive nodes around it; the group's centre holds the items more than half its rows hold (majority vote), ` +
        `and its IL is the sum of its rows' distances to the centre.`,
      cite: 'Lin et al. Alg. 2, Fig. 6',
      ...this.figure('Fig. 6'),
      state: this.table(loop.path),
      changed: [],
      candidates: groups.map((g) => this.groupCandidate(loop, g)),
    });
  }

  private groupName(loop: Loop, g: CandidateGroup): string {
    return `g${this.rows[loop.path[g.at]] + 1}`;
  }

  private groupCandidate(loop: Loop, g: CandidateGroup, chosen?: boolean, note?: string) {
    const bits = this.pta.bits(g.center);
    return {
      label: this.groupName(loop, g),
      values: {
        rows: g.members.map((i) => this.label(i)).join(', '),
        centre: bits ?? `{${this.pta.tokens(g.center).join(', ')}}`,
        IL: g.il,
      },
      ...(chosen !== undefined && { chosen }),
      ...(note && { note }),
    };
  }

  /** Alg. 3: classes by increasing IL, leftovers to the nearest centre, the segment published (Fig. 7). */
  classes(loop: Loop, classes: readonly EquivalenceClass[], log: ClassLog): void {
    const { pta } = this;
    const classOf = new Map<number, number>();
    let passed: ClassLog['taken'] = [];
    for (const [at, entry] of log.taken.entries()) {
      passed.push(entry);
      if (!entry.formed) continue;
      // Asked before: the group taken against those dropped and the next ones of higher IL.
      const question = askFrom(
        `Groups are taken by increasing IL, dropping any that shares a row with a class: which group becomes the next class of ${this.name}?`,
        [
          ...passed.map((e) =>
            this.groupCandidate(loop, e.group, e.formed, e.formed ? undefined : 'shares a row with a class'),
          ),
          ...log.taken
            .slice(at + 1)
            .filter((e) => e.group.il > entry.group.il)
            .slice(0, 3)
            .map((e) => this.groupCandidate(loop, e.group, false, 'higher IL')),
        ],
        'The group of least IL that shares no row with a class already formed becomes a class (Alg. 3).',
      );
      const c = classOf.size === 0 ? 0 : Math.max(...classOf.values()) + 1;
      for (const m of entry.group.members) classOf.set(m, c);
      const name = this.groupName(loop, entry.group);
      const skipped = passed.filter((e) => !e.formed).map((e) => this.groupName(loop, e.group));
      pta.rec.step({
        ...(question && { question }),
        title: `Class C${c + 1} of ${this.name} from ${name}`,
        text:
          `Groups are taken by increasing IL; ${skipped.length > 0 ? `${skipped.join(', ')} share a row with a class already and are dropped; ` : ''}` +
          `${name} (IL ${entry.group.il}) shares none, so it becomes class C${c + 1}.`,
        cite: 'Lin et al. Alg. 3 lines 6-12',
        state: this.table(loop.path, (i) => classOf.get(i), c + 1),
        changed: rowIds(entry.group.members.map((i) => this.rows[i])),
        candidates: passed.map((e) =>
          this.groupCandidate(loop, e.group, e.formed, e.formed ? undefined : 'shares a row with a class'),
        ),
      });
      passed = [];
    }
    for (const { row, distances } of log.joins) {
      const best = distances.indexOf(Math.min(...distances));
      classOf.set(row, best);
      const candidates = classes.map((c, i) => ({
        label: `C${i + 1}`,
        values: {
          centre: pta.bits(c.center) ?? `{${pta.tokens(c.center).join(', ')}}`,
          distance: distances[i],
        },
        chosen: i === best,
      }));
      const question = askFrom(
        `${this.label(row)} is in no class: which class does it join?`,
        candidates,
        'A row left over joins the class whose centre is nearest (Alg. 3 lines 13-15).',
      );
      pta.rec.step({
        ...(question && { question }),
        title: `${this.label(row)} joins C${best + 1}`,
        text: `${this.label(row)} is in no class: it joins the class whose centre is nearest (${count(distances[best], 'item')} apart), raising that class above k rows.`,
        cite: 'Lin et al. Alg. 3 lines 13-15',
        state: this.table(loop.path, (i) => classOf.get(i), classes.length),
        changed: [this.label(row)],
        candidates,
      });
    }
    const members = classes.flatMap((c, i) => c.members.map((m) => [m, i] as const));
    pta.rec.step({
      title: `${this.name[0].toUpperCase()}${this.name.slice(1)} anonymized`,
      text: `Every row of a class is replaced by its centre: the rows of a class become identical. The segment loses ${count(
        classes.reduce((s, c) => s + c.il, 0),
        'item',
      )} in all (IL).`,
      cite: 'Lin et al. Alg. 3 lines 16-20, Fig. 7',
      ...this.figure('Fig. 7'),
      state: {
        ...this.table(
          members.map(([m]) => m),
          (i) => classOf.get(i),
          classes.length,
          classes.map((c) => c.center),
        ),
        groups: classes.map((c, i) => ({
          id: `C${i + 1}`,
          label: `C${i + 1}`,
          note: `${c.members.length} rows, IL ${c.il}`,
        })),
      },
      changed: rowIds(members.map(([m]) => this.rows[m])),
    });
  }
}
