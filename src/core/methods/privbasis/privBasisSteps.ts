/**
 * The teaching steps of a recorded PrivBasis run (Li et al. 2012 Alg. 3; dp-notes §3.2-3.6): the
 * data as a binary matrix with each item's support; λ drawn by the exponential mechanism (every
 * candidate j with its score); the λ candidate items peeled by support; the basis sets built from
 * them (post-processing, no budget); each basis's bins with their true and noisy counts. Every step
 * carries the ledger as it stands, so the budget is seen to grow phase by phase. Read off the run's
 * own scores, picks and counts when recorded; a production run builds none of it.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { PrivacyBudget } from '../../dp/ledger.ts';
import { itemSet, matrixOf } from '../../teach/drawings.ts';
import { ledgerShown, seededNoiseSentence } from '../../teach/ledgerShown.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import type { Recorder } from '../../teach/recorder.ts';
import type { Candidate, TableDrawing } from '../../teach/trace.ts';

const CITE = 'Li et al. 2012 Alg. 3, dp-notes §3';

/** Candidates listed per step (the rest are counted). */
const SHOWN = 20;

export class PrivBasisSteps {
  private columns: number[];

  constructor(
    private readonly rec: Recorder,
    private readonly dataset: Dataset,
    private readonly budget: PrivacyBudget,
    private readonly noise: { seeded: boolean; seed: number },
    private readonly support: (item: number) => number,
  ) {
    this.columns = Array.from({ length: dataset.d }, (_, i) => i).sort(
      (a, b) => support(b) - support(a) || a - b,
    );
  }

  private get ledger() {
    return ledgerShown(this.budget.ledger());
  }

  private matrix(caption: string) {
    return matrixOf(
      this.dataset,
      Array.from({ length: this.dataset.n }, (_, r) => r),
      this.columns,
      { caption },
    );
  }

  private more(listed: Candidate[], total: number): Candidate[] {
    return total > SHOWN ? [...listed, { label: `${total - SHOWN} more`, values: {} }] : listed;
  }

  /** Phase A: λ by the exponential mechanism over j = 1..|I|, score −|f(j) − θ|. */
  lambda(k: number, cover: number, scores: Int32Array, lambda: number, epsilon: number): void {
    const candidates: Candidate[] = Array.from(scores.slice(0, SHOWN), (score, j) => ({
      label: `λ = ${j + 1}`,
      values: { 'f(j)': this.support(this.columns[j]), score },
      chosen: j + 1 === lambda,
    }));
    this.rec.step({
      title: `How many items: λ = ${lambda}`,
      text:
        `PrivBasis publishes the top k = ${k} itemsets. It first draws λ, how many items the top ⌈ηk⌉ = ${cover} itemsets hold, by the exponential mechanism: ` +
        `candidate j scores −|f(j) − θ|, f(j) the j-th largest item support and θ the support of the itemset ranked ${cover} by support (private: only the draw sees it). ` +
        `The draw favours the j whose support is nearest θ, but any j may come out. ` +
        (this.noise.seeded
          ? seededNoiseSentence(this.noise.seed)
          : `The draws use the system's randomness.`) +
        ` (ε = ${epsilon} in all.)`,
      cite: `${CITE} line 2 (phase A)`,
      state: this.matrix('items by support, most frequent first'),
      changed: [],
      candidates: this.more(candidates, scores.length),
      ledger: this.ledger,
    });
  }

  /** Phase B: the λ items peeled by support (exponential mechanism, one charge per pick). */
  items(picked: readonly number[]): void {
    const { dataset } = this;
    const token = (i: number) => dataset.dictionary.token(i);
    this.columns = [...picked, ...this.columns.filter((i) => !picked.includes(i))];
    const candidates: Candidate[] = this.columns.slice(0, SHOWN).map((item) => ({
      label: token(item),
      ref: token(item),
      values: { support: this.support(item) },
      chosen: picked.includes(item),
      ...(!picked.includes(item) && { note: 'not drawn' }),
    }));
    const question = askFrom(
      'The exponential mechanism favours frequent items: which of these is among the items drawn?',
      candidates,
      'Each pick draws an item with probability growing with its support; a drawn item leaves the pool.',
      (c) => c.chosen === true && c.label === token(picked[0]),
    );
    this.rec.step({
      ...(question && { question }),
      title: `The ${picked.length} candidate items`,
      text:
        `Then λ items are drawn one by one without replacement, each by the exponential mechanism on item support (monotone: ε/Δ per pick): ${itemSet(picked.map(token))}. ` +
        `They are drawn first in the matrix. Each pick is a ledger entry.`,
      cite: `${CITE} line 4 (phase B)`,
      state: this.matrix('the drawn items first'),
      changed: picked.map(token),
      candidates: this.more(candidates, dataset.d),
      ledger: this.ledger,
    });
  }

  private basesTable(bases: readonly string[][]): TableDrawing {
    return {
      kind: 'table',
      rows: bases.map((b, i) => ({
        id: `B${i + 1}`,
        label: `B${i + 1}`,
        items: [...b],
        note: `${2 ** b.length - 1} bins`,
      })),
      caption: 'the basis sets: every frequent itemset is to be a subset of one of them',
    };
  }

  /** Phase C: the basis sets (post-processing of the private items: no budget). */
  basisSets(bases: readonly string[][], single: boolean): void {
    this.rec.step({
      title: `${bases.length} basis set${bases.length === 1 ? '' : 's'}`,
      text: single
        ? `With λ ≤ 12 the λ items are one basis: each subset of it is a candidate itemset. This uses only the private items: no budget is spent.`
        : `From the items and the pairs drawn, basis sets are built so that each likely frequent itemset lies in one of them (post-processing: no budget).`,
      cite: `${CITE} lines 5-12 (phase C)`,
      state: this.basesTable(bases),
      changed: bases.map((_, i) => `B${i + 1}`),
      ledger: this.ledger,
    });
  }

  /** Phase D: one basis's bins, each with its true and noisy count. */
  bins(
    bases: readonly string[][],
    i: number,
    trueCounts: ArrayLike<number>,
    noisy: ArrayLike<number>,
    scale: string,
  ): void {
    const basis = bases[i];
    const subset = (mask: number) => basis.filter((_, j) => mask & (1 << j));
    const order = Array.from({ length: trueCounts.length }, (_, b) => b).sort(
      (a, b) => trueCounts[b] - trueCounts[a] || a - b,
    );
    const candidates: Candidate[] = order.slice(0, SHOWN).map((b) => ({
      label: itemSet(subset(b + 1)),
      values: { 'true count': trueCounts[b], 'noisy count': noisy[b] },
    }));
    const top = order[0];
    const question = ask(
      `Bin ${itemSet(subset(top + 1))} holds ${trueCounts[top]} transactions: can its noisy count differ from ${trueCounts[top]}?`,
      ['yes', 'no'],
      'yes',
      `Every bin gets discrete Laplace noise of scale ${scale}: here it reads ${noisy[top]}. A count may even come out negative; the supports are summed from the noisy bins.`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Noisy bins of basis B${i + 1}`,
      text:
        `Each transaction falls in exactly one bin of ${itemSet(basis)}: the set of its items in it (if any). ` +
        `Each of the ${trueCounts.length} bin counts gets discrete Laplace noise of scale ${scale} (sensitivity 1 per basis); ` +
        `an itemset's support is then the sum of the noisy bins of its supersets within the basis, and the k largest are published.`,
      cite: `${CITE} (BasisFreq, Alg. 1; phase D)`,
      state: this.basesTable(bases),
      changed: [`B${i + 1}`],
      candidates: this.more(candidates, trueCounts.length),
      ledger: this.ledger,
    });
  }
}
