/**
 * What a recorded PermMondrian run says at its steps (Ghinita Sec. 6.2's PM baseline; LeFevre et
 * al.'s Mondrian): the partitions as they stand (groups already settled first, then those waiting,
 * next one first), each split with every QID item it weighed and its balance score, and each
 * partition that no item can split any more, which becomes a group.
 */
import { count, rowIds, shown } from '../../teach/drawings.ts';
import { ask, MAX_CHOICES } from '../../teach/questions.ts';
import type { Candidate, Question } from '../../teach/trace.ts';
import type { GroupSteps } from '../shared/p-degree/groupSteps.ts';

const CITE = 'Ghinita Sec. 6.2 (PermMondrian baseline), after LeFevre et al. (Mondrian)';

/** Items listed per step (the best first); the rest are counted. */
const SHOWN_ITEMS = 20;

export class MondrianSteps {
  /**
   * Each partition's name, given the first time it is drawn and kept while it waits (P1 is all
   * rows, its two sides the next two numbers), so a partition is called the same on every step.
   */
  private readonly names = new WeakMap<readonly number[], string>();
  private named = 0;

  constructor(
    private readonly steps: GroupSteps,
    private readonly groups: readonly number[][],
    private readonly stack: readonly { rows: number[] }[],
  ) {}

  private name(rows: readonly number[]): string {
    let name = this.names.get(rows);
    if (!name) this.names.set(rows, (name = `P${++this.named}`));
    return name;
  }

  private parts() {
    return [
      ...this.groups.map((rows, i) => ({ rows, label: `G${i + 1}` })),
      ...[...this.stack].reverse().map((part) => ({ rows: part.rows, label: this.name(part.rows) })),
    ];
  }

  /**
   * "What happens to partition P next?": split on one of the items that keep degree p (each with
   * its score), or published as a group.
   */
  private question(
    part: readonly number[],
    scored: readonly { item: number; score: number | null }[],
    item?: number,
  ): Question | undefined {
    // Items whose split would break degree p are offered too: they are wrong answers.
    const splits = [...scored]
      .sort((a, b) => (a.score ?? Infinity) - (b.score ?? Infinity) || a.item - b.item)
      .slice(0, MAX_CHOICES - 1);
    const group = 'it becomes a group';
    const choices = [...splits.map((s) => `split on ${this.steps.token(s.item)}`), group];
    const best = splits[0];
    return ask(
      `What happens to partition ${this.name(part)} (${count(part.length, 'row')}) next?`,
      choices,
      item === undefined ? group : `split on ${this.steps.token(item)}`,
      item === undefined
        ? `No item splits it with degree ≥ ${this.steps.p} on both sides (a side would hold a sensitive item in more than 1/${this.steps.p} of its rows), so it is published as a group.`
        : `Of the splits that keep degree ≥ ${this.steps.p} on both sides, the lowest balance score wins (ties: the item listed first): ${this.steps.token(item)}, score ${shown(best.score!)}.`,
    );
  }

  start(): void {
    this.steps.rec.step({
      title: 'One partition of all rows',
      text: 'PermMondrian starts from all rows as one partition and splits partitions on QID items, top down; a partition that no item can split becomes a group, published with its exact QID items.',
      cite: CITE,
      state: this.steps.parts(this.parts()),
      changed: [],
    });
  }

  private candidates(
    scored: readonly { item: number; score: number | null }[],
    chosen?: number,
  ): Candidate[] {
    const sorted = [...scored].sort(
      (a, b) => (a.score ?? Infinity) - (b.score ?? Infinity) || a.item - b.item,
    );
    const listed: Candidate[] = sorted.slice(0, SHOWN_ITEMS).map(({ item, score }) => ({
      label: this.steps.token(item),
      ref: this.steps.token(item),
      values: { score: score === null ? '—' : shown(score) },
      chosen: item === chosen,
      ...(score === null && { note: 'a side would hold a sensitive item in more than 1/p of its rows' }),
    }));
    if (sorted.length > SHOWN_ITEMS)
      listed.push({ label: `${sorted.length - SHOWN_ITEMS} more items`, values: { score: '' } });
    return listed;
  }

  split(
    part: readonly number[],
    item: number,
    holding: readonly number[],
    without: readonly number[],
    scored: readonly { item: number; score: number | null }[],
  ): void {
    const token = this.steps.token(item);
    const question = this.question(part, scored, item);
    this.steps.rec.step({
      ...(question && { question }),
      title: `Split on ${token}`,
      text:
        `Partition ${this.name(part)}: its ${part.length} rows split into the ${count(holding.length, 'row')} holding ${token} and the ${count(without.length, 'row')} without it. ` +
        `Of the items whose split leaves both sides with degree ≥ ${this.steps.p}, ${token} gives the most balanced halves ` +
        `(score: size difference / |P| plus, per sensitive item, the difference of its share on the two sides; lowest wins).`,
      cite: CITE,
      state: this.steps.parts(this.parts()),
      changed: rowIds(holding),
      candidates: this.candidates(scored, item),
    });
  }

  settled(part: readonly number[], scored: readonly { item: number; score: number | null }[]): void {
    const g = this.groups.length;
    const question = this.question(part, scored);
    this.steps.rec.step({
      ...(question && { question }),
      title: `G${g} is a group`,
      text:
        `Partition ${this.name(part)} becomes G${g}. ` +
        (scored.length === 0
          ? part.length > 1
            ? `Its ${part.length} rows share every QID item: no item splits them, so they are published as group G${g} (${this.steps.groupNote(part)}).`
            : `A partition of one row cannot be split: it is published as group G${g} (${this.steps.groupNote(part)}).`
          : `No split of its ${count(part.length, 'row')} keeps degree ≥ ${this.steps.p} on both sides, so they are published as group G${g} (${this.steps.groupNote(part)}).`),
      cite: CITE,
      state: this.steps.parts(this.parts()),
      changed: [...rowIds(part), `G${g}`],
      candidates: scored.length > 0 ? this.candidates(scored) : undefined,
    });
  }
}
