/**
 * The teaching steps of a recorded multi-dimension anatomy run (anatomy paper Sec. IV, Table I):
 * phi² between items (eq. 4) as an item-pair table, PAM's BUILD and each swap it applies, drawn as
 * the items grouped around their medoids (Sec. IV.A.2), the item partition into columns, then the
 * record partition (Fig. 2): each bucket as it closes with every column's most frequent value
 * against |B|/l (or its distinct values), and the rows left placed in a bucket that stays l-diverse.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { DiversityReading } from '../../release/diversity.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { itemSet, rowIds, shown } from '../../teach/drawings.ts';
import { ANATOMY_TABLE_1A } from '../../teach/paperExamples.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import { rowName, type BucketsDrawing, type Candidate, type PairsDrawing } from '../../teach/trace.ts';
import type { PamEvent } from './pam.ts';
import type { PhiSquares } from './phiSquare.ts';

/** Items drawn in the phi² table: the most frequent ones beyond this many. */
const SHOWN_ITEMS = 40;

const CITE_ITEMS = 'anatomy paper Sec. IV.A (eq. 4, PAM)';
const CITE_RECORDS = 'anatomy paper Sec. IV.B, Fig. 2';

export class MultiAnatomyTeach {
  private shown: number[] = [];
  private phi: (number | null)[][] = [];
  private readonly events: PamEvent[] = [];
  /** Each row's value key per column, and the columns' items (recordPartition.ts). */
  private values: readonly string[][] = [];
  private columnTokens: readonly string[][] = [];

  constructor(
    private readonly rec: Recorder,
    private readonly dataset: Dataset,
    private readonly l: number,
    private readonly reading: DiversityReading,
  ) {}

  private token(item: number): string {
    return this.dataset.dictionary.token(item);
  }

  /** phi² between the shown items (eq. 4). */
  correlation(phi: PhiSquares, supports: ArrayLike<number>): void {
    const { dataset } = this;
    this.shown = Array.from({ length: dataset.d }, (_, i) => i)
      .sort((a, b) => supports[b] - supports[a] || a - b)
      .slice(0, SHOWN_ITEMS)
      .sort((a, b) => a - b);
    this.phi = this.shown.map((a) => this.shown.map((b) => (a === b ? null : shown(phi.get(a, b)))));
    // The largest phi² drawn, and whether its items go together or avoid each other.
    let top: [number, number] | undefined;
    for (const a of this.shown)
      for (const b of this.shown)
        if (a < b && (!top || phi.get(a, b) > phi.get(top[0], top[1]))) top = [a, b];
    const together = (a: number, b: number) => {
      let both = 0;
      for (let r = 0; r < dataset.n; r++) {
        const row = dataset.row(r);
        if (row.includes(a) && row.includes(b)) both++;
      }
      return both * dataset.n > supports[a] * supports[b];
    };
    const largest = top
      ? ` The largest here, ${shown(phi.get(top[0], top[1]))} for ${this.token(top[0])} and ${this.token(top[1])}, is a pair that ${together(top[0], top[1]) ? 'occurs together more often than chance' : 'occurs together less often than chance (anti-correlated)'}.`
      : '';
    this.rec.step({
      title: 'Correlation of item pairs (phi²)',
      text:
        `Items that are correlated should share a column. Eq. (4) measures it from the fraction f1, f2 of rows holding each item and f12 holding both: phi² = (f12 − f1·f2)² / (f1·f2), ` +
        `0 when the items are independent and larger the further f12 is from f1·f2, whether they occur together more often or less often than chance; ` +
        `two items always together in a fraction f of the rows score (1 − f)², not 1.${largest} ` +
        `PAM clusters the items with distance 1 − phi².${dataset.d > SHOWN_ITEMS ? ` The ${SHOWN_ITEMS} most frequent of the ${dataset.d} items are drawn.` : ''}`,
      cite: `${CITE_ITEMS}, eq. (3)-(4)`,
      state: this.pairs(),
      changed: [],
    });
  }

  private pairs(columnOf?: ArrayLike<number>, medoids: readonly number[] = []): PairsDrawing {
    return {
      kind: 'pairs',
      measure: 'phi²',
      labels: this.shown.map((item) => ({
        id: this.token(item),
        label: this.token(item),
        ...(columnOf && { group: columnOf[item] }),
        ...(medoids.includes(item) && { marked: true }),
      })),
      values: this.phi.map((row) => [...row]),
      ...(columnOf && {
        groups: Array.from({ length: Math.max(0, ...Array.from(columnOf)) + 1 }, (_, c) => ({
          id: `C${c + 1}`,
          label: `C${c + 1}`,
        })),
      }),
    };
  }

  /** PAM's observer (pam.ts). */
  readonly observe = (event: PamEvent): void => {
    this.events.push(event);
  };

  /** The nearest medoid of every item, as PAM assigns them. */
  private assignment(medoids: readonly number[], distance: (i: number, j: number) => number): Int32Array {
    return Int32Array.from({ length: this.dataset.d }, (_, i) => {
      let best = 0;
      medoids.forEach((m, c) => {
        if (distance(i, m) < distance(i, medoids[best])) best = c;
      });
      return best;
    });
  }

  /** PAM's steps from the events it reported, then the item partition it returns. */
  partitioned(columnOf: Int32Array, columns: number, distance: (i: number, j: number) => number): void {
    const medoids: number[] = [];
    const build = this.events.filter((e) => e.kind === 'build');
    for (const e of build) medoids.push(e.medoid);
    // Every item's total distance to all items: BUILD's first medoid is the least (the others are
    // listed as the alternatives, with their numbers).
    const d = this.dataset.d;
    const totals = Array.from({ length: d }, (_, i) => {
      let sum = 0;
      for (let j = 0; j < d; j++) if (j !== i) sum += distance(i, j);
      return sum;
    });
    const candidates: Candidate[] = [
      ...build.map((e, b) => ({
        label: this.token(e.medoid),
        values: { 'total distance': shown(b === 0 ? totals[e.medoid] : e.total) },
        chosen: true,
        ...(b > 0 && { note: `medoid ${b + 1}: total distance with the medoids before it` }),
      })),
      ...Array.from({ length: d }, (_, i) => i)
        .filter((i) => !medoids.includes(i))
        .sort((a, b) => totals[a] - totals[b] || a - b)
        .map((i) => ({
          label: this.token(i),
          values: { 'total distance': shown(totals[i]) },
          chosen: false,
          note: 'not a medoid',
        })),
    ];
    const question = askFrom(
      'Which item does PAM BUILD take as its first medoid?',
      candidates,
      'The first medoid is the item of least total distance 1 − phi² to all the others.',
      (c) => c === candidates[0],
    );
    this.rec.step({
      ...(question && { question }),
      title: `PAM BUILD: ${columns} medoid${columns === 1 ? '' : 's'}`,
      text: `BUILD takes as first medoid the item of least total distance to all items, then each time the item that lowers the total distance most (each item counting its nearest medoid).`,
      cite: `${CITE_ITEMS}; Kaufman and Rousseeuw's BUILD`,
      state: this.pairs(this.assignment(medoids, distance), medoids),
      changed: medoids.map((m) => this.token(m)),
      candidates,
    });
    for (const e of this.events) {
      if (e.kind !== 'swap') continue;
      medoids[medoids.indexOf(e.out)] = e.in;
      this.rec.step({
        title: `PAM swap: ${this.token(e.in)} for ${this.token(e.out)}`,
        text: `Of every exchange of a medoid with another item, this one lowers the total distance most (by ${shown(-e.change)}): it is applied, and PAM looks again until no exchange helps.`,
        cite: `${CITE_ITEMS}; FastPAM1 swap (Schubert and Rousseeuw)`,
        state: this.pairs(this.assignment(medoids, distance), medoids),
        changed: [this.token(e.in), this.token(e.out)],
      });
    }
    const partition = Array.from({ length: columns }, (_, c) =>
      Array.from({ length: this.dataset.d }, (_, i) => i).filter((i) => columnOf[i] === c),
    );
    this.rec.step({
      title: `Item partition into ${columns} column${columns === 1 ? '' : 's'}`,
      text:
        `Each item goes to the column of its nearest medoid: ${partition.map((c, i) => `C${i + 1} = ${itemSet(c.map((x) => this.token(x)))}`).join(', ')}. A row's value in a column is the set of its items there.` +
        (this.rec.example === ANATOMY_TABLE_1A
          ? ` Table I(D) has the columns {d, e, f, h} and {a, b, c, g}: Example 4 gives it as a table that is 2-diverse, not as the output of phi² and PAM, and the paper states no medoids; PAM on eq. (4)'s phi² reaches the partition above, so the steps from here depart from Table I(D).`
          : ''),
      cite: `${CITE_ITEMS}; Def. 2 (item partition)`,
      state: this.pairs(columnOf, medoids),
      changed: [],
    });
  }

  /** The record partition's input: each row's value key per column, the columns' items. */
  records(values: readonly string[][], columnTokens: readonly string[][]): void {
    this.values = values;
    this.columnTokens = columnTokens;
  }

  /** The buckets as they stand: closed ones, then the open one. */
  private buckets(closed: readonly (readonly number[])[], open: readonly number[] = []): BucketsDrawing {
    const { values, columnTokens } = this;
    const valueTokens = (key: string) =>
      key === '' ? [] : key.split(',').map((id) => this.token(Number(id)));
    const rows = (list: readonly number[]) =>
      list.map((r) => ({ id: rowName(r), label: rowName(r), values: values[r].map(valueTokens) }));
    return {
      kind: 'buckets',
      columns: columnTokens.map((c) => [...c]),
      buckets: [
        ...closed.map((b, i) => ({ id: `B${i + 1}`, label: `B${i + 1}`, rows: rows(b) })),
        ...(open.length > 0
          ? [{ id: 'open', label: 'open', rows: rows(open), note: 'not yet l-diverse' }]
          : []),
      ],
    };
  }

  /** Per column of a bucket: its most frequent value's count against |B|/l, or its distinct values. */
  private columnTest(rows: readonly number[]): Candidate[] {
    const { values } = this;
    return Array.from({ length: this.columnTokens.length }, (_, c): Candidate => {
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(values[r][c], (counts.get(values[r][c]) ?? 0) + 1);
      let top = '';
      let most = 0;
      for (const [value, count] of counts) if (count > most) [top, most] = [value, count];
      const label = `C${c + 1}`;
      const topTokens = itemSet(top === '' ? [] : top.split(',').map((id) => this.token(Number(id))));
      return this.reading === 'distinct'
        ? { label, values: { 'distinct values': counts.size, l: this.l }, chosen: counts.size >= this.l }
        : {
            label,
            values: { 'most frequent': topTokens, 'c(v)': most, '|B|/l': shown(rows.length / this.l) },
            chosen: most * this.l <= rows.length,
          };
    });
  }

  private get rule(): string {
    return this.reading === 'distinct'
      ? `at least l = ${this.l} distinct values (Example 5's reading)`
      : `no value in more than |B|/l of its rows, l = ${this.l} (Def. 5)`;
  }

  /** Fig. 2 lines 3-9: the open bucket closes once every column is l-diverse. */
  closed(closed: readonly (readonly number[])[]): void {
    const bucket = closed[closed.length - 1];
    const last = bucket[bucket.length - 1];
    // Which row closes it: each row of the bucket after its first, and the next two of the input.
    const choices = [
      ...bucket.slice(1),
      ...[last + 1, last + 2].filter((r) => r < this.dataset.n && !bucket.includes(r)),
    ].map(rowName);
    const question = ask(
      `Rows enter the open bucket in input order from ${rowName(bucket[0])}: after which row is every column of it l-diverse (${this.rule})?`,
      choices,
      rowName(last),
      `The bucket closes at the first row after which every column has ${this.rule}: ${rowName(last)}, with ${bucket.length} rows.`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Bucket B${closed.length} closes`,
      text:
        `Rows enter the open bucket in input order; after ${rowName(last)} every column of it has ${this.rule}, so its ${bucket.length} rows become bucket B${closed.length} and a new bucket opens.` +
        (this.rec.example === ANATOMY_TABLE_1A && closed.length === 1
          ? ` Table I(D) and (E) have two buckets of five rows, t1-t5 and t6-t10; Fig. 2 closes a bucket as soon as it is l-diverse, so its buckets are smaller.`
          : ''),
      cite: `${CITE_RECORDS} lines 3-9`,
      state: this.buckets(closed),
      changed: [...rowIds(bucket), `B${closed.length}`],
      candidates: this.columnTest(bucket),
    });
  }

  /** Fig. 2 lines 10-12: a row of the last, unfinished bucket placed in a bucket that stays l-diverse. */
  placed(
    row: number,
    fits: readonly number[],
    chosen: number,
    buckets: readonly (readonly number[])[],
    open: readonly number[],
  ): void {
    this.rec.step({
      title: `${rowName(row)} joins B${chosen + 1}`,
      text: `The last rows never made an l-diverse bucket of their own. ${rowName(row)} goes to a bucket chosen at random among the ${fits.length} that stay l-diverse with it.`,
      cite: `${CITE_RECORDS} lines 10-12`,
      state: this.buckets(buckets, open),
      changed: [rowName(row), `B${chosen + 1}`],
      candidates: fits.map((b) => ({
        label: `B${b + 1}`,
        values: { rows: buckets[b].length },
        chosen: b === chosen,
      })),
    });
  }

  /** Rows that fit no bucket, merged with buckets until their union is l-diverse (recordPartition.ts). */
  merged(homeless: readonly number[], buckets: readonly (readonly number[])[]): void {
    this.rec.step({
      title: `${homeless.length} row${homeless.length === 1 ? '' : 's'} merged with buckets`,
      text: `${homeless.map(rowName).join(', ')} fit${homeless.length === 1 ? 's' : ''} no bucket; they are merged with buckets taken in random order until the union is l-diverse (a union of l-diverse buckets is), which becomes the last bucket.`,
      cite: `${CITE_RECORDS} line 12, as recordPartition.ts reads it`,
      state: this.buckets(buckets),
      changed: rowIds(homeless),
    });
  }
}
