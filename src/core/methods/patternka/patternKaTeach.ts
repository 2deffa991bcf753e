/**
 * The teaching steps of a recorded PatternKa run (Alg. 1, Sec. 3; pattern cache of Alg. 4): the
 * rows, then each group: the longest frequent patterns of the rows still ungrouped (mined afresh
 * or still frequent in the cache), the one drawn at random, and every remaining row holding it
 * made a group (eq. 18); at the end the rows left join the group of least NCP (eq. 8). The table
 * shows the groups formed so far, the remaining rows after them.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { itemSet, rowIds, shown } from '../../teach/drawings.ts';
import { askFrom } from '../../teach/questions.ts';
import { rowName, type Candidate, type Question, type TableDrawing } from '../../teach/trace.ts';

/** Patterns listed per step (the rest are counted). */
const SHOWN_PATTERNS = 20;

export class PatternKaTeach {
  private readonly groups: number[][] = [];

  constructor(
    private readonly rec: Recorder,
    private readonly dataset: Dataset,
    private readonly k: number,
  ) {}

  /** A pattern as the steps name it; the empty one (no item held by k rows) in words. */
  private pattern(items: readonly number[]): string {
    return items.length === 0 ? 'no item' : itemSet(items.map((i) => this.dataset.dictionary.token(i)));
  }

  private table(remaining: readonly number[]): TableDrawing {
    const { dataset } = this;
    const row = (r: number, group?: number) => ({
      id: rowName(r),
      label: rowName(r),
      items: dataset.rowTokens(r),
      ...(group !== undefined && { group }),
    });
    return {
      kind: 'table',
      rows: [...this.groups.flatMap((g, i) => g.map((r) => row(r, i))), ...remaining.map((r) => row(r))],
      groups: this.groups.map((g, i) => ({ id: `G${i + 1}`, label: `G${i + 1}`, note: `${g.length} rows` })),
    };
  }

  start(): void {
    this.rec.step({
      title: 'The rows, all ungrouped',
      text:
        `PatternKa forms groups of at least k = ${this.k} rows one at a time; a group is every remaining row holding one of the longest patterns that k rows share, ` +
        'so that the group, published as the items all its rows hold, keeps as many items as it can.',
      cite: 'PatternKa Sec. 3.1 (claims C.1-C.2, eq. 12, 17), Alg. 1',
      state: this.table(Array.from({ length: this.dataset.n }, (_, r) => r)),
      changed: [],
    });
  }

  /**
   * "Which pattern makes the next group?": the pattern taken against shorter ones (single items of
   * the rows) and longer ones (it with one more item, held by fewer than k rows), each with its
   * support among the rows that were ungrouped.
   */
  private question(chosen: readonly number[], ungrouped: readonly number[]): Question | undefined {
    if (chosen.length === 0) return undefined;
    const support = (items: readonly number[]) =>
      ungrouped.filter((r) => {
        const row = this.dataset.row(r);
        return items.every((i) => row.includes(i));
      }).length;
    const items = [...new Set(ungrouped.flatMap((r) => Array.from(this.dataset.row(r))))].sort(
      (a, b) => a - b,
    );
    const candidate = (set: readonly number[], chosenOne: boolean, note?: string): Candidate => ({
      label: this.pattern(set),
      values: { items: set.length, support: support(set) },
      chosen: chosenOne,
      ...(note && { note }),
    });
    const longer = items
      .filter((i) => !chosen.includes(i))
      .map((i) => [...chosen, i].sort((a, b) => a - b))
      .filter((set) => support(set) > 0)
      .slice(0, 2)
      .map((set) => candidate(set, false, `in fewer than k = ${this.k} rows`));
    // Single items: shorter than the pattern, or as long but in fewer than k rows (an item as
    // long and as frequent could have been drawn instead: not offered).
    const shorter = items
      .filter((i) => !chosen.includes(i) || chosen.length > 1)
      .filter((i) => chosen.length > 1 || support([i]) < this.k)
      .slice(0, 3)
      .map((i) =>
        candidate([i], false, support([i]) < this.k ? `in fewer than k = ${this.k} rows` : 'shorter'),
      );
    return askFrom(
      `Which pattern of the ungrouped rows makes group G${this.groups.length + 1}?`,
      [candidate(chosen, true), ...longer, ...shorter],
      `PatternKa takes a longest pattern held by at least k = ${this.k} ungrouped rows (a random one among equally long ones).`,
    );
  }

  /** A group formed from `chosen` among the `count` longest patterns; `remaining` after it. */
  grouped(
    patterns: readonly { items: readonly number[]; support: number }[],
    count: number,
    chosen: readonly number[],
    rows: readonly number[],
    remaining: readonly number[],
    mined: boolean,
    relational: boolean,
  ): void {
    const question = this.question(chosen, [...rows, ...remaining]);
    this.groups.push([...rows]);
    const g = this.groups.length;
    const listed: Candidate[] = patterns.slice(0, SHOWN_PATTERNS).map((p) => ({
      label: this.pattern(p.items),
      values: { items: p.items.length, support: p.support },
      chosen: p.items.length === chosen.length && p.items.every((x, i) => x === chosen[i]),
    }));
    if (count > SHOWN_PATTERNS)
      listed.push({ label: `${count - SHOWN_PATTERNS} more`, values: { items: '', support: '' } });
    this.rec.step({
      title:
        chosen.length === 0
          ? `Group G${g}: rows with no item in common`
          : `Group G${g} by ${this.pattern(chosen)}`,
      text:
        chosen.length === 0
          ? relational
            ? `No item is held by k = ${this.k} of the remaining rows: the longest pattern they share is the empty one. Alg. 2 takes about k of them, as diverse as it can: they form G${g}, published with no item.`
            : `No item is held by k = ${this.k} of the ${rows.length} remaining rows: the longest pattern they share is the empty one. They form G${g} together, published with no item (eq. 18).`
          : `${mined ? 'Mining the remaining rows' : 'The cache, mined earlier,'} gives ${count} longest frequent pattern${count === 1 ? '' : 's'} of ${chosen.length} item${chosen.length === 1 ? '' : 's'} (each in at least k = ${this.k} remaining rows). ` +
            (relational
              ? `Alg. 2 picks ${this.pattern(chosen)} and about k rows of it, as diverse as it can: they form G${g}.`
              : `One is drawn at random, ${this.pattern(chosen)}: the ${rows.length} remaining rows holding it form G${g} (eq. 18).`),
      cite: relational
        ? 'PatternKa Alg. 1, Alg. 2 (relational PatternSelection)'
        : `PatternKa Alg. 1 (longest patterns, PatternSelection, SampleSelection eq. 18)${mined ? ', Alg. 4 (mining)' : ', Sec. 3.3 (pattern cache)'}`,
      state: this.table(remaining),
      changed: [...rowIds(rows), `G${g}`],
      candidates: listed,
      ...(question && { question }),
    });
  }

  /** The last rows (fewer than k) join the group of least NCP, `ncps` per group. */
  leftovers(rows: readonly number[], ncps: readonly number[], best: number): void {
    this.groups[best].push(...rows);
    this.rec.step({
      title: `The last ${rows.length} row${rows.length === 1 ? '' : 's'} join G${best + 1}`,
      text: `Fewer than k = ${this.k} rows are left, too few for a group: they join the group of least information loss (NCP), whose published items become what all its rows, old and new, hold.`,
      cite: 'PatternKa Alg. 1 (last lines), eq. 8',
      state: this.table([]),
      changed: [...rowIds(rows), `G${best + 1}`],
      candidates: ncps.map((ncp, i) => ({
        label: `G${i + 1}`,
        values: { NCP: shown(ncp) },
        chosen: i === best,
      })),
    });
  }
}
