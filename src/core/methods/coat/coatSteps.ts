/**
 * The teaching steps of a recorded COAT run (Loukides et al. Alg. 1-3; Example 4.1 on Fig. 1),
 * read off the run's own state (generalization.ts) as each action ends: the constraints COAT must
 * satisfy, which unsatisfied constraint it takes (largest support, step 3), its least supported
 * item (step 5) and what happens to it: generalized with the partner of least UL among its utility
 * constraint (Alg. 2, every partner's UL shown) or suppressed (Alg. 3). The data is drawn as it is
 * published at that moment: each item as its generalized item's label, suppressed items gone.
 */
import type { Recorder } from '../../teach/recorder.ts';
import { count, itemSet, shown } from '../../teach/drawings.ts';
import { rowName, type Candidate, type TableDrawing } from '../../teach/trace.ts';
import type { ConstraintSet } from './constraintSet.ts';
import { log2Pow2Minus1, type CoatStep, type Generalization } from './generalization.ts';
import { COAT_FIG_1A } from '../../teach/paperExamples.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import { generalizedLabel } from './generalizedLabel.ts';

/** Constraints listed per step (the rest are counted). */
const SHOWN_CONSTRAINTS = 20;

export class CoatSteps {
  constructor(
    private readonly rec: Recorder,
    private readonly state: Generalization,
    private readonly k: number,
    private readonly s: number,
  ) {}

  private token(item: number): string {
    return this.state.dataset.dictionary.token(item);
  }

  /** A generalized item's published label. */
  label(g: number): string {
    return generalizedLabel(this.state.members.get(g)!.map((i) => this.token(i)));
  }

  private itemsLabel(items: readonly number[]): string {
    return generalizedLabel(items.map((i) => this.token(i)));
  }

  /** A constraint as it stands: its generalized items. */
  image(gids: readonly number[]): string {
    return itemSet(gids.map((g) => this.label(g)));
  }

  /** The rows as published now. */
  table(caption?: string): TableDrawing {
    const { state } = this;
    return {
      kind: 'table',
      rows: Array.from({ length: state.dataset.n }, (_, r) => ({
        id: rowName(r),
        label: rowName(r),
        items: state
          .rowImage(r)
          .sort((a, b) => state.first(a) - state.first(b))
          .map((g) => this.label(g)),
      })),
      ...(caption && { caption }),
    };
  }

  private constraintCandidates(set: ConstraintSet, chosen?: number): Candidate[] {
    const listed: Candidate[] = [];
    let more = 0;
    for (let ci = 0; ci < set.size; ci++) {
      if (set.isSatisfied(ci) && ci !== chosen) continue;
      if (listed.length === SHOWN_CONSTRAINTS) {
        more++;
        continue;
      }
      listed.push({
        label: this.image(set.image(ci)),
        values: { support: this.state.itemsetSupport(set.image(ci)) },
        ...(chosen !== undefined && { chosen: ci === chosen }),
      });
    }
    if (more > 0) listed.push({ label: `${more} more`, values: { support: '' } });
    return listed;
  }

  /** The constraints of one pass (the given ones, or one k^m level) before COAT works on them. */
  start(set: ConstraintSet, title: string, text: string, cite: string, figure?: string): void {
    if (!this.rec.on) return; // the trace is full (core/teach/traceSize.ts): nothing more is drawn
    let unsatisfied = 0;
    for (let ci = 0; ci < set.size; ci++) if (!set.isSatisfied(ci)) unsatisfied++;
    this.rec.step({
      title,
      text: `${text} ${unsatisfied} of them ${unsatisfied === 1 ? 'is' : 'are'} supported by fewer than k = ${this.k} rows (and by some), so not satisfied.`,
      cite,
      ...(figure && { figure }),
      state: this.table(),
      changed: [],
      candidates: this.constraintCandidates(set),
    });
  }

  /** Step 3: the unsatisfied constraint of largest support. */
  take(set: ConstraintSet, ci: number): void {
    if (!this.rec.on) return; // the trace is full (core/teach/traceSize.ts): nothing more is drawn
    const support = this.state.itemsetSupport(set.image(ci));
    const candidates = this.constraintCandidates(set, ci);
    const question = askFrom(
      'Which privacy constraint not yet satisfied does COAT work on next?',
      candidates,
      'COAT takes the unsatisfied constraint of largest support (ties go to the first).',
    );
    this.rec.step({
      ...(question && { question }),
      title: `Constraint ${this.image(set.image(ci))}`,
      text: `Of the constraints not yet satisfied, ${this.image(set.image(ci))} has the largest support (${count(support, 'row')}; ties go to the first): COAT works on it until it holds.`,
      cite: 'Loukides et al. Alg. 1 steps 2-3',
      state: this.table(),
      changed: [],
      candidates,
    });
  }

  /** Alg. 2 just merged (`step`, item ids as they were) into generalized item `gid`. */
  generalized(set: ConstraintSet, ci: number, step: CoatStep, gid: number): void {
    if (!this.rec.on) return; // the trace is full (core/teach/traceSize.ts): nothing more is drawn
    const { state } = this;
    const im = this.itemsLabel(step.item);
    const partner = this.itemsLabel(step.with!);
    const merged = this.label(gid);
    const utility = itemSet(
      [step.item, ...(state.partnerCosts ?? []).map((c) => c.items)]
        .sort((a, b) => a[0] - b[0])
        .map((items) => this.itemsLabel(items)),
    );
    const support = state.itemsetSupport(set.image(ci));
    // Def. 3.14 in full: the scan ranks by log2 of (2^|ĩ| − 1)·w·sup, the same order; the
    // normalising factors 1/(2^M − 1) and 1/N are put back so the numbers are the paper's.
    const M = state.dataset.d;
    const N = state.dataset.n;
    const costs: Candidate[] = (state.partnerCosts ?? []).map((c) => {
      const subsets = 2 ** c.size - 1;
      const w = 2 ** (c.log2Ul - log2Pow2Minus1(c.size) - Math.log2(Math.max(1, c.support)));
      return {
        label: `${im} + ${this.itemsLabel(c.items)}`,
        values: {
          '|ĩ|': c.size,
          '2^|ĩ|−1': subsets,
          w: shown(w),
          'sup(ĩ)': c.support,
          // In logs: 2^M − 1 overflows a double past M = 1023 items.
          UL: shown(2 ** (c.log2Ul - log2Pow2Minus1(M) - Math.log2(N))),
        },
        chosen: c.items[0] === step.with![0],
      };
    });
    const question =
      askFrom(
        `${im} must be generalized: which partner of its utility constraint does Alg. 2 merge it with?`,
        costs,
        'Alg. 2 takes the partner of least UL (Def. 3.14; ties go to the first).',
      ) ??
      ask(
        `${im} is the least supported item of the constraint: does COAT generalize it or suppress it?`,
        ['generalize', 'suppress'],
        'generalize',
        `Its utility constraint ${utility} holds another item, so Alg. 2 generalizes it with ${partner}; Alg. 3 suppresses only an item that cannot be merged.`,
      );
    this.rec.step({
      ...(question && { question }),
      title: `Generalize ${im} with ${partner}`,
      text:
        `${im} is the least supported item of the constraint (ties go to the first). Its utility constraint ${utility} lets it merge with the others; ` +
        `the merge of least utility loss UL(ĩ) = (2^|ĩ| − 1)/(2^M − 1) × w(ĩ) × sup(ĩ)/N (M = ${M} items, N = ${N} rows) is ${merged}, held by ${state.support(gid)} rows. ` +
        `The constraint, now ${this.image(set.image(ci))}, is in ${support} rows${support >= this.k ? ': satisfied' : `, still below k = ${this.k}`}.` +
        (this.rec.example === COAT_FIG_1A && merged === '(a,b)' && costs.some((c) => c.values.w === 1)
          ? ` Ex. 3.15 computes UL((a,b)) = 3/255 × 0.375 × 7/8 ≈ 0.004 with the data owner's weight 0.375 (and N = 8); no weights are given here, so w = 1 and N = ${N}: 3/255 × 1 × 7/${N} ≈ ${shown((3 / 255) * (7 / N))}.`
          : ''),
      cite: 'Loukides et al. Alg. 1 steps 4-8, Alg. 2 (UL: Def. 3.14, Ex. 3.15)',
      figure: 'Example 4.1',
      state: this.table(),
      changed: [merged],
      candidates: costs,
    });
  }

  /** Why Alg. 1 suppresses g: alone in its utility constraint below k (lines 9-10), else lines 12-14. */
  suppressReason(g: number, alone: boolean): string {
    const label = this.label(g);
    const utility = itemSet(this.state.utilityOfGid(g).map((x) => this.label(x)));
    return alone
      ? `${label} is the least supported item that can change, in ${this.state.support(g)} rows, below k = ${this.k}. It is alone in its utility constraint ${utility}, so it cannot be generalized.`
      : `No item of the constraint can be merged, and none is below k; its least supported item, ${label}, goes.`;
  }

  /** Alg. 3 just suppressed `items` (why: `reason`). */
  suppressed(set: ConstraintSet, ci: number, items: readonly number[], reason: string): void {
    if (!this.rec.on) return; // the trace is full (core/teach/traceSize.ts): nothing more is drawn
    const { state } = this;
    const label = this.itemsLabel(items);
    const support = state.itemsetSupport(set.image(ci));
    const total = state.dataset.d;
    const question = ask(
      `${label} stands in the way of the constraint: does COAT generalize it or suppress it?`,
      ['generalize', 'suppress'],
      'suppress',
      reason,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Suppress ${label}`,
      text:
        `${reason} ${label} is removed from every row (${state.suppressed.length} of ${total} items suppressed so far, within s = ${this.s}%). ` +
        `The constraint, now ${this.image(set.image(ci))}, is in ${support} rows${support >= this.k || set.image(ci).length === 0 ? ': satisfied' : `, still below k = ${this.k}`}.`,
      cite: 'Loukides et al. Alg. 1 steps 9-14, Alg. 3',
      figure: 'Example 4.1',
      state: this.table(`suppressed: ${itemSet(this.state.suppressed.map((i) => this.token(i)))}`),
      // The rows that lost it (the item itself is drawn nowhere any more).
      changed: Array.from({ length: state.dataset.n }, (_, r) => r)
        .filter((r) => items.some((i) => state.dataset.row(r).includes(i)))
        .map(rowName),
    });
  }
}
