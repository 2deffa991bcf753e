/**
 * The teaching steps of every p-degree method (Ghinita et al.), made by the family template when a
 * run records (ctx.recorder on) and handed to the method's group formation: the data as a binary
 * matrix (Sec. 3, Fig. 1a) with Theorem 1's test, the row order the method works in (GraySort,
 * RCM, ...), each sensitive transaction's group with the candidates its search weighed (strategy
 * `describe`), the histogram test of Fig. 3 / Fig. 11 (the rest must keep degree >= p), and the rows
 * left as the last group. The drawings are read off the run's own rows, order and groups.
 */
import type { Recorder } from '../../../teach/recorder.ts';
import { GHINITA_FIG_1A } from '../../../teach/paperExamples.ts';
import { askFrom } from '../../../teach/questions.ts';
import { count, matrixOf, rowIds, shown } from '../../../teach/drawings.ts';
import { rowName, type Candidate, type MatrixDrawing, type Step } from '../../../teach/trace.ts';
import { intersectionSize } from '../../../data/rowDistance.ts';
import type { SensitiveRows } from './sensitiveRows.ts';

/** What a strategy says of one query, once its partners are chosen (recorded runs only). */
export interface QueryAccount {
  /** How the partners were searched, in a sentence. */
  text: string;
  cite: string;
  candidates: Candidate[];
  /** The rule that picks the partners, in a sentence (starts the question's `why`). */
  rule?: string;
  /** The question's prompt when not "which row joins t's group?" (a random draw says so). */
  prompt?: string;
}

export class GroupSteps {
  /** QID items in drawing order, then the sensitive items. */
  private columns: number[];
  private order: ArrayLike<number>;
  private readonly groups: number[][] = [];
  private readonly groupOf: Int32Array;

  constructor(
    readonly rec: Recorder,
    readonly rows: SensitiveRows,
    readonly p: number,
  ) {
    const { dataset } = rows;
    this.columns = [
      ...Array.from({ length: dataset.d }, (_, i) => i).filter((i) => !rows.isSensitive[i]),
      ...rows.sensitive,
    ];
    this.order = Array.from({ length: dataset.n }, (_, r) => r);
    this.groupOf = new Int32Array(dataset.n).fill(-1);
  }

  /** A sensitive item's token. */
  token(item: number): string {
    return this.rows.dataset.dictionary.token(item);
  }

  /** Row r's sensitive items, as words. */
  sensitiveOf(r: number): string {
    return this.rows.sensitiveOf[r].map((s) => this.token(s)).join(' and ');
  }

  /** The matrix as the run stands: rows in the current order, groups so far coloured. */
  matrix(caption?: string): MatrixDrawing {
    const { rows, groups } = this;
    return matrixOf(rows.dataset, this.order, this.columns, {
      sensitive: (item) => rows.isSensitive[item] === 1,
      groupOf: (r) => this.groupOf[r],
      groups: groups.map((g, i) => ({ id: `G${i + 1}`, label: `G${i + 1}`, note: this.groupNote(g) })),
      caption,
    });
  }

  /** The matrix with the rows in `parts` (each a coloured group), in that order. */
  parts(parts: readonly { rows: readonly number[]; label: string }[], caption?: string): MatrixDrawing {
    const { rows } = this;
    const groupOf = new Int32Array(rows.dataset.n).fill(-1);
    parts.forEach((part, i) => part.rows.forEach((r) => (groupOf[r] = i)));
    return matrixOf(
      rows.dataset,
      parts.flatMap((part) => part.rows),
      this.columns,
      {
        sensitive: (item) => rows.isSensitive[item] === 1,
        groupOf: (r) => groupOf[r],
        groups: parts.map((part) => ({ id: part.label, label: part.label, note: this.groupNote(part.rows) })),
        caption,
      },
    );
  }

  groupNote(group: readonly number[]): string {
    const counts = new Map<number, number>();
    for (const r of group) for (const s of this.rows.sensitiveOf[r]) counts.set(s, (counts.get(s) ?? 0) + 1);
    const held = [...counts].map(([s, c]) => `${this.token(s)} ${c}/${group.length}`);
    return `${count(group.length, 'row')}${held.length > 0 ? `; ${held.join(', ')}` : ''}`;
  }

  private record(step: Omit<Step, 'state'>, caption?: string): void {
    this.rec.step({ ...step, state: this.matrix(caption) });
  }

  /** Sec. 3 and Theorem 1: the data, the sensitive items and whether p can be met at all. */
  input(): void {
    const { rows, p } = this;
    const n = rows.dataset.n;
    const counts = rows.sensitive.map(
      (s) => rows.sensitiveRows.filter((r) => rows.sensitiveOf[r].includes(s)).length,
    );
    this.record({
      title: 'The data as a binary matrix',
      text:
        `Each row is a transaction, each column an item; the sensitive items (red) are ${rows.sensitive.map((s) => this.token(s)).join(', ')}, ` +
        `held by ${rows.sensitiveRows.length} of the ${n} rows. Privacy degree p = ${p} asks that no row be linked to a sensitive item with probability above 1/${p}, ` +
        `which is possible only if no sensitive item is in more than n/p = ${shown(n / p)} rows (Theorem 1).`,
      cite: 'Ghinita Sec. 3 (Def. 1-3), Fig. 1a; Theorem 1',
      figure: 'Fig. 1a',
      changed: [],
      candidates: rows.sensitive.map((s, i) => ({
        label: this.token(s),
        ref: this.token(s),
        values: { rows: counts[i], 'rows × p': counts[i] * p, n },
        chosen: counts[i] * p <= n,
        note: counts[i] * p <= n ? 'feasible' : 'more than n/p rows',
      })),
    });
  }

  /**
   * The order the method walks (GraySort, RCM, the sensitive rows in input or random order), and
   * the QID columns' drawing order (`qidColumns`; unchanged when absent).
   */
  ordered(
    order: ArrayLike<number>,
    step: Omit<Step, 'state' | 'changed'>,
    qidColumns?: readonly number[],
  ): void {
    const before = Array.from(this.order);
    this.order = Array.from(order);
    if (qidColumns) this.columns = [...qidColumns, ...this.rows.sensitive];
    const moved = Array.from(this.order).filter((r, i) => before[i] !== r);
    this.record({ ...step, changed: rowIds(moved) });
  }

  /**
   * One sensitive transaction t's turn (Fig. 3 lines 4-11, Fig. 11 lines 4-12): its partners, the
   * group kept (`group`) or not, and what the strategy weighed.
   */
  query(
    t: number,
    partners: readonly number[],
    group: readonly number[] | undefined,
    account: QueryAccount,
  ): void {
    const { p } = this;
    const who = `${rowName(t)} holds ${this.sensitiveOf(t)}.`;
    let outcome: string;
    if (group) {
      this.groups.push([...group]);
      for (const r of group) this.groupOf[r] = this.groups.length - 1;
      outcome = `${rowName(t)} and ${partners.map(rowName).join(', ')} form group G${this.groups.length}; the rows left still offer degree ≥ ${p}, so it is kept.`;
    } else if (partners.length < p - 1) {
      outcome = `Only ${partners.length} of the p − 1 = ${p - 1} partners it needs were found: no group for ${rowName(t)}; its row stays for later.`;
    } else {
      outcome = `With this group taken out, the rows left would hold some sensitive item in more than 1/${p} of them (histogram H): the group is dropped and H restored.`;
    }
    const question =
      group &&
      askFrom(
        account.prompt ?? `${rowName(t)} holds ${this.sensitiveOf(t)}: which of these rows joins its group?`,
        account.candidates,
        account.rule,
      );
    this.record({
      title: `${group ? `Group G${this.groups.length}` : 'No group'} for ${rowName(t)}`,
      text: `${who} ${account.text} ${outcome}`,
      cite: `${account.cite}; ${group ? 'lines 6-10 (H keeps degree ≥ p)' : 'H test, lines 7-12'}`,
      changed: group ? rowIds(group) : [rowName(t)],
      candidates: account.candidates,
      ...(question && { question }),
    });
  }

  /** Fig. 3 line 12 / Fig. 11 line 13: the rows no group took are published as one group. */
  rest(groups: readonly number[][]): void {
    const last = groups.length > this.groups.length ? groups[groups.length - 1] : undefined;
    // Asked before the last group is drawn: one row left over among rows already grouped.
    const question =
      last &&
      askFrom(
        'No sensitive transaction is left: which of these rows is left over for the last group?',
        [
          ...last.map((r) => ({
            label: rowName(r),
            ref: rowName(r),
            values: { group: 'none yet' },
            chosen: true,
          })),
          ...this.groups.flatMap((g, i) =>
            g.map((r) => ({
              label: rowName(r),
              ref: rowName(r),
              values: { group: `G${i + 1}` },
              chosen: false,
            })),
          ),
        ].sort((a, b) => Number(a.label.slice(1)) - Number(b.label.slice(1))),
        'Every row that no group took is published as the last group (Fig. 3 line 12).',
      );
    if (last) {
      this.groups.push([...last]);
      for (const r of last) this.groupOf[r] = this.groups.length - 1;
    }
    this.record({
      ...(question && { question }),
      title: last ? `The rows left form group G${this.groups.length}` : 'Every row is in a group',
      text:
        (last
          ? `No sensitive transaction is left to start a group: the ${count(last.length, 'row')} not yet grouped ${last.length === 1 ? 'is' : 'are'} published as one group, which has degree ≥ ${this.p} because every group kept left the rest so.`
          : 'Every row was taken by a group: nothing is left over.') + this.figure1d(),
      cite: 'Ghinita Fig. 3 line 12, Fig. 11 line 13',
      changed: last ? rowIds(last) : [],
    });
  }

  /**
   * Where the groups depart from Ghinita Fig. 1d, on the paper's own example: the figure draws two
   * groups, {Bob, David, Ellen} and {Andrea, Claire}; the algorithms as Figs. 3 and 11 state them
   * give each sensitive transaction exactly p − 1 partners, so the row left over is a group of its
   * own.
   */
  private figure1d(): string {
    if (this.rec.example !== GHINITA_FIG_1A || this.groups.length === 2) return '';
    const alone = this.groups.filter((g) => g.every((r) => this.rows.sensitiveOf[r].length === 0));
    return (
      ` Fig. 1d draws 2 groups, {Bob, David, Ellen} and {Andrea, Claire}; this run has ${this.groups.length}. ` +
      `Each sensitive transaction takes exactly p − 1 = ${this.p - 1} partner${this.p === 2 ? '' : 's'} (Fig. 11 line 6 / Fig. 3 line 5), ` +
      `so ${alone.length > 0 ? `${alone.flat().map(rowName).join(', ')}, holding no sensitive item, is` : 'the rows left are'} published apart; ` +
      `the figure puts the leftover row with a group instead. Both releases have privacy degree ${this.p}.`
    );
  }

  /**
   * The rows no group holds yet and `seen` does not list, nearest to t first: the alternatives a
   * search left (with `why` as their note).
   */
  unvisited(t: number, seen: readonly number[], why: string): Candidate[] {
    const left: number[] = [];
    for (let r = 0; r < this.rows.dataset.n; r++)
      if (r !== t && this.groupOf[r] === -1 && !seen.includes(r)) left.push(r);
    return left
      .sort((a, b) => this.rows.qidDistance(t, a) - this.rows.qidDistance(t, b) || a - b)
      .map((r) => this.candidate(t, r, false, {}, this.conflictNote(t, [], r) ?? why));
  }

  /** A candidate row with its QID distance to t and the QID items they share (their overlap). */
  candidate(
    t: number,
    r: number,
    chosen: boolean,
    values: Record<string, number | string> = {},
    note?: string,
  ): Candidate {
    return {
      label: rowName(r),
      ref: rowName(r),
      values: {
        'QID distance': this.rows.qidDistance(t, r),
        'QID shared': intersectionSize(this.rows.qid(t), this.rows.qid(r)),
        ...values,
      },
      chosen,
      ...(note && { note }),
    };
  }

  /** Why a row visited by NonConflictNN was skipped (the row it conflicts with), if it was. */
  conflictNote(t: number, chosen: readonly number[], r: number): string | undefined {
    const other = [t, ...chosen].find((u) => this.rows.conflicts(u, r));
    return other === undefined
      ? undefined
      : `conflicts with ${rowName(other)} (shares ${this.sharedSensitive(other, r)})`;
  }

  private sharedSensitive(a: number, b: number): string {
    return this.rows.sensitiveOf[a]
      .filter((s) => this.rows.sensitiveOf[b].includes(s))
      .map((s) => this.token(s))
      .join(', ');
  }
}
