/**
 * The teaching steps of a recorded PrivBayes run (Zhang et al., SIGMOD 2014 / TODS 2017; cited from
 * our knowledge of the paper, as privBayes.ts): the row count with its noise; the N items modelled;
 * the network growing, node by node (Alg. 4, GreedyBayes: the first item drawn uniformly at random,
 * then each pick's candidate (item, parents) pairs with their R scores and their chance under the
 * exponential mechanism, the one it drew marked); each measured node's joint counts, true and
 * noisy (Alg. 3, NoisyConditionals). Every step carries the ledger as it stands, so the budget is
 * seen to grow charge by charge. Read off the run's own scores, picks and counts when recorded; a
 * production run builds none of it. The sampled rows are the release step that follows.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { PrivacyBudget } from '../../dp/ledger.ts';
import { count, itemSet, matrixOf, shown } from '../../teach/drawings.ts';
import { ledgerShown, seededNoiseSentence } from '../../teach/ledgerShown.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import type { Recorder } from '../../teach/recorder.ts';
import type { Candidate, TableDrawing } from '../../teach/trace.ts';

const CITE = 'Zhang et al. PrivBayes (SIGMOD 2014)';

/** Candidates listed per step (the rest are counted). */
const SHOWN = 20;

const nodeId = (i: number) => `X${i + 1}`;

/** A pick as the network recorded it: the candidates, their integer scores, the one drawn. */
export interface PickSeen {
  /** Slots not yet in the network. */
  rest: readonly number[];
  /** Parent sets (slots) offered. */
  parentSets: readonly (readonly number[])[];
  /** scores[p · rest.length + c]: floor(8·f), f = 2n·R (structureScore.ts). */
  scores: ArrayLike<number>;
  chosen: number;
  /** The mechanism's rate: P(candidate) ∝ exp(rate · score). */
  rate: number;
}

export class PrivBayesSteps {
  private columns: number[];
  private readonly support: Int32Array;
  private slotTokens: string[] = [];
  private nodes: { item: string; parents: string[]; note: string }[] = [];

  constructor(
    private readonly rec: Recorder,
    private readonly dataset: Dataset,
    private readonly budget: PrivacyBudget,
    private readonly noise: { seeded: boolean; seed: number },
    private readonly degree: number,
  ) {
    const support = new Int32Array(dataset.d);
    for (let r = 0; r < dataset.n; r++) for (const item of dataset.row(r)) support[item]++;
    this.support = support;
    this.columns = Array.from({ length: dataset.d }, (_, i) => i).sort(
      (a, b) => support[b] - support[a] || a - b,
    );
  }

  private get ledger() {
    return ledgerShown(this.budget.ledger());
  }

  private matrix(caption: string) {
    const { dataset } = this;
    return matrixOf(
      dataset,
      Array.from({ length: dataset.n }, (_, r) => r),
      this.columns,
      { caption },
    );
  }

  private network(caption: string): TableDrawing {
    return {
      kind: 'table',
      rows: this.nodes.map((node, i) => ({
        id: nodeId(i),
        label: nodeId(i),
        items: [node.item],
        note: node.note,
      })),
      caption,
    };
  }

  private more(listed: Candidate[], total: number): Candidate[] {
    return total > listed.length
      ? [...listed, { label: `${total - listed.length} more`, values: {} }]
      : listed;
  }

  /** The row count: noised at ε/20 (our addition) or declared public. */
  rowCount(published: number, scale: string | undefined): void {
    const { n } = this.dataset;
    const question =
      scale === undefined
        ? undefined
        : ask(
            `The data hold ${n} rows. Will the published row count be exactly ${n}?`,
            ['yes', 'no'],
            published === n ? 'yes' : 'no',
            `The count gets discrete Laplace noise of scale ${scale}: it reads ${published}. It may come out equal, but it need not.`,
          );
    this.rec.step({
      ...(question && { question }),
      title: `How many rows: ${published}`,
      text:
        (scale === undefined
          ? `The row count is declared public: ${n} rows are sampled, and neighbouring datasets replace a row (every sensitivity doubles). `
          : `PrivBayes samples as many synthetic rows as the data hold; that count is private too, so it is published with discrete Laplace noise of scale ${scale} (ε/20): ${n} becomes ${published}. `) +
        (this.noise.seeded
          ? seededNoiseSentence(this.noise.seed)
          : `The noise uses the system's randomness.`),
      cite: `${CITE}: our addition (the paper takes n as public)`,
      state: this.matrix('the data: each item a binary attribute, most frequent first'),
      changed: [],
      candidates: [{ label: 'row count', values: { 'true count': n, 'published count': published } }],
      ledger: this.ledger,
    });
  }

  /** The N items modelled (slot order), out of the domain's. */
  items(modelled: readonly string[], domain: readonly string[], chosenByNoise: boolean): void {
    this.slotTokens = [...modelled];
    const inModel = new Set(modelled);
    const { dictionary } = this.dataset;
    const supportOf = new Map(this.columns.map((id) => [dictionary.token(id), this.support[id]]));
    // The modelled items first in the matrix (a public domain's item the data never hold has no column).
    this.columns = [
      ...this.columns.filter((id) => inModel.has(dictionary.token(id))),
      ...this.columns.filter((id) => !inModel.has(dictionary.token(id))),
    ];
    const listed = [...domain]
      .sort((a, b) => (supportOf.get(b) ?? 0) - (supportOf.get(a) ?? 0) || (a < b ? -1 : 1))
      .slice(0, SHOWN)
      .map<Candidate>((token) => ({
        label: token,
        // A public domain's item the data never hold has no column to point at.
        ...(supportOf.has(token) && { ref: token }),
        values: { support: supportOf.get(token) ?? 0 },
        chosen: inModel.has(token),
        ...(!inModel.has(token) && { note: 'not modelled: dropped from the synthetic rows' }),
      }));
    const question = askFrom(
      'Which of these items is among those modelled?',
      listed,
      chosenByNoise
        ? 'The items are chosen by their noisy counts: the frequent ones are likely in.'
        : 'The most frequent items of the domain are modelled.',
    );
    this.rec.step({
      ...(question && { question }),
      title: `${count(modelled.length, 'item')} modelled`,
      text:
        `Each modelled item is one binary attribute (in the row or not). N = ${modelled.length}: the most items whose ${this.degree + 1}-way marginals stay useful under the noise at this budget and row count (the paper's θ-usefulness, θ = 4)` +
        (modelled.length < domain.length
          ? `; the other ${domain.length - modelled.length} items are dropped from the synthetic rows` +
            (chosenByNoise ? `. The ${modelled.length} are chosen by noisy item counts (ε/10).` : '.')
          : '.'),
      cite: `${CITE} Sec. 4 (θ-usefulness); the choice of items is our addition`,
      state: this.matrix('the data: the modelled items first'),
      changed: modelled.filter((token) => supportOf.has(token)),
      candidates: this.more(listed, domain.length),
      ledger: this.ledger,
    });
  }

  /** Alg. 4 line 2: the first node, uniformly at random. */
  first(slot: number): void {
    const item = this.slotTokens[slot];
    this.nodes.push({ item, parents: [], note: 'first: drawn uniformly at random' });
    const question = ask(
      `The network's first item is ${item}. Did the data decide it?`,
      ['yes', 'no'],
      'no',
      `X1 is drawn uniformly at random among the ${this.slotTokens.length} items: no data are read, no budget is spent.`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `The network starts: X1 = ${item}`,
      text: `GreedyBayes builds the network one item at a time. The first one, X1 = ${item}, is drawn uniformly at random (no data read, no budget spent); each later item gets up to ${count(this.degree, 'parent')} (the degree k) among the items already in.`,
      cite: `${CITE} Alg. 4 line 2`,
      state: this.network('the Bayesian network so far: each item with its parents'),
      changed: [nodeId(0)],
      ledger: this.ledger,
    });
  }

  /** Alg. 4 lines 4-7: one pick by the exponential mechanism over every (item, parents) pair. */
  pick(seen: PickSeen): void {
    const { rest, parentSets, scores, chosen, rate } = seen;
    const n = this.dataset.n;
    const token = (slot: number) => this.slotTokens[slot];
    const labelOf = (j: number) =>
      `${token(rest[j % rest.length])} | ${itemSet(parentSets[Math.floor(j / rest.length)].map(token))}`;
    let best = -Infinity;
    for (let j = 0; j < scores.length; j++) best = Math.max(best, scores[j]);
    let mass = 0;
    for (let j = 0; j < scores.length; j++) mass += Math.exp(rate * (scores[j] - best));
    const order = Array.from({ length: scores.length }, (_, j) => j).sort(
      (a, b) => scores[b] - scores[a] || a - b,
    );
    const listed = order.slice(0, SHOWN - 1);
    if (!listed.includes(chosen)) listed.push(chosen);
    const candidates = listed.map<Candidate>((j) => ({
      label: labelOf(j),
      values: {
        R: shown(scores[j] / (16 * n)),
        'chance %': shown((100 * Math.exp(rate * (scores[j] - best))) / mass),
      },
      chosen: j === chosen,
    }));
    // The question asks for the best score (what the data decide), not the draw (what the noise does).
    // Pairs tied with the best are left out of the choices (the question has one answer).
    const offered = candidates.filter((c, j) => j === 0 || c.values.R !== candidates[0].values.R);
    const question = ask(
      'Which (item | parents) pair scores highest, the pick the exponential mechanism favours most?',
      offered.slice(0, 4).map((c) => c.label),
      candidates[0].label,
      `R is half the L1 distance between the joint distribution and the product of the marginals: the more an item depends on its parents, the higher. ${candidates[0].label} scores R ${candidates[0].values.R}, a chance of ${candidates[0].values['chance %']}%.`,
    );
    const child = token(rest[chosen % rest.length]);
    const parents = parentSets[Math.floor(chosen / rest.length)].map(token);
    const i = this.nodes.length;
    this.nodes.push({
      item: child,
      parents,
      note: `parents ${itemSet(parents)}, R ${shown(scores[chosen] / (16 * n))}`,
    });
    this.rec.step({
      ...(question && { question }),
      title: `Node ${nodeId(i)}: ${child} given ${itemSet(parents)}`,
      text:
        `Every item not yet in the network, with every set of ${count(parentSets[0].length, 'parent')} among the items in it, is a candidate: ${count(scores.length, 'candidate')}. ` +
        `Each scores R = ½‖Pr[X, Π] − Pr[X]·Pr[Π]‖₁ on the data; the exponential mechanism draws one with probability growing with its score (one ledger charge per pick). ` +
        (chosen === order[0]
          ? `It drew the best-scoring pair.`
          : `It drew ${labelOf(chosen)}, not the best-scoring pair: the noise of the choice.`),
      cite: `${CITE} Alg. 4 lines 4-7; the R score, Sec. 4`,
      state: this.network('the Bayesian network so far: each item with its parents'),
      changed: [nodeId(i)],
      candidates: this.more(candidates, scores.length),
      ledger: this.ledger,
    });
  }

  /** Alg. 3: node i's joint counts over (parents, item), true and noisy. */
  marginal(
    i: number,
    parents: readonly number[],
    truth: readonly number[],
    noisy: readonly number[],
    scale: string,
    coversFirst: boolean,
  ): void {
    const node = this.nodes[i];
    const names = parents.map((p) => this.nodes[p].item);
    const m = names.length;
    const cellLabel = (cell: number) =>
      `${node.item}=${(cell >> m) & 1}${m ? ` | ${names.map((p, j) => `${p}=${(cell >> j) & 1}`).join(', ')}` : ''}`;
    const candidates = truth.map<Candidate>((t, cell) => ({
      label: cellLabel(cell),
      values: { 'true count': t, 'noisy count': noisy[cell] },
    }));
    const largest = truth.reduce((b, t, cell) => (t > truth[b] ? cell : b), 0);
    // Cells tied with the largest are left out of the choices (the question has one answer).
    const offered = [largest, ...truth.flatMap((t, c) => (t < truth[largest] ? [c] : []))]
      .slice(0, 4)
      .sort((a, b) => a - b);
    const question = ask(
      `Which cell of the joint of ${node.item} with ${itemSet(names)} holds the most rows?`,
      offered.map(cellLabel),
      cellLabel(largest),
      `${cellLabel(largest)} holds ${truth[largest]} rows; after the noise it reads ${noisy[largest]}.`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Noisy counts of ${node.item} given ${itemSet(names)}`,
      text:
        `The ${truth.length} cells count the rows with each combination of ${itemSet([...names, node.item])} (1: in the row). ` +
        `Each gets discrete Laplace noise of scale ${scale} (one row changes one cell by 1; the marginals share the conditionals' budget). ` +
        `Before sampling, negative noisy counts become 0 and the counts are normalized into Pr*[${node.item} | ${names.join(', ') || '∅'}]` +
        (coversFirst && m > 0
          ? `; this joint also gives the law of ${names.join(' and ')} ${m === 1 ? 'itself' : 'themselves'} (the first nodes are not measured apart).`
          : '.'),
      cite: `${CITE} Alg. 3 (NoisyConditionals)`,
      state: this.network('the Bayesian network: the node measured'),
      changed: [nodeId(i)],
      candidates,
      ledger: this.ledger,
    });
  }
}
