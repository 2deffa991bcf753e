/**
 * PrivBayes over items (Zhang, Cormode, Procopiuc, Srivastava, Xiao, SIGMOD 2014 / TODS 42(4) 2017;
 * cited from our knowledge of the paper, whose text is not in ../shared/papers): each modelled item
 * is a binary attribute (present or absent in a row), a Bayesian network of degree k is learnt
 * with the exponential mechanism (greedyBayes.ts), its marginals are measured with discrete Laplace
 * noise (Alg. 3, NoisyConditionals), and synthetic rows are sampled from it (dp/bayesNet.ts).
 * The stages and their shares of ε are dp/privBayesPlan.ts; each is charged before it draws.
 * Our additions for set-valued data, each written down where it is made:
 * - the row count is noised (ε/20) or declared public (then neighbours replace a row and every
 *   sensitivity doubles); the ledger and the network's `rowCount` say which;
 * - N, the number of items modelled, follows the paper's θ-usefulness from the published row count
 *   (modelSize); when the domain holds more than N items, the N are chosen by noisy capped counts
 *   (chooseItems.ts);
 * - items outside the N are dropped from the synthetic rows (a row's length is that of its
 *   modelled items, whose joint law the network keeps as well as degree k allows).
 */
import { InputError } from '../../base/errors.ts';
import type { Dataset } from '../../data/dataset.ts';
import {
  conditionals,
  firstMeasured,
  sampleRows,
  trueCells,
  type IdNetwork,
  type PrivBayesNetwork,
} from '../../dp/bayesNet.ts';
import type { RandomBits } from '../../dp/byteSource.ts';
import { itemDomainOf } from '../../dp/itemDomain.ts';
import { PrivacyBudget } from '../../dp/ledger.ts';
import {
  cellScale,
  itemsScale,
  marginalCount,
  modelSize,
  neighbourFactor,
  pickScale,
  privBayesShares,
  rowsScale,
  SCORE_SENSITIVITY,
  type RowCount,
} from '../../dp/privBayesPlan.ts';
import { parseDecimal, rational, type Rational } from '../../dp/rational.ts';
import { discreteLaplace, samplerFraction } from '../../dp/samplers.ts';
import { chooseItems } from './chooseItems.ts';
import { greedyBayes, type Pick } from './greedyBayes.ts';
import { SubsetSupports } from './subsetSupports.ts';
import type { PrivBayesSteps } from './privBayesSteps.ts';

const CITE = 'Zhang et al. PrivBayes (SIGMOD 2014)';

export interface PrivBayesParams {
  epsilon: number;
  degree: number;
  maxItems: number;
  cap: number;
  rowCount: RowCount;
  items: string;
}

export interface PrivBayesOutput {
  network: PrivBayesNetwork;
  /** The synthetic rows, as tokens. */
  rows: string[][];
  budget: PrivacyBudget;
  /** The true cell counts of every measured node, concatenated (the audit; never published). */
  trueCounts: number[];
  /** The domain's size and whether it was given. */
  domain: { size: number; public: boolean };
  picks: Pick[];
}

/** Hooks the stepper and the progress bar listen to. */
export interface PrivBayesHooks {
  progress?: (fraction: number, phase: string) => void;
  /** A recorded run's steps (privBayesSteps.ts), made with the run's ledger. */
  record?: (budget: PrivacyBudget) => PrivBayesSteps;
}

/** A noise scale as a step writes it (4 significant digits). */
const scaleText = (scale: Rational) => String(Number((Number(scale.n) / Number(scale.d)).toPrecision(4)));

/** The rate of an exponential mechanism P ∝ exp(score/scale): 1/scale. */
const rateOf = (scale: Rational) => samplerFraction(rational(scale.d, scale.n), 'exponential mechanism rate');

export function privBayes(
  dataset: Dataset,
  params: PrivBayesParams,
  bits: RandomBits,
  sampleSeed: number,
  hooks: PrivBayesHooks = {},
): PrivBayesOutput {
  const progress = hooks.progress ?? (() => {});
  if (params.degree > 2 || params.degree < 1)
    throw new InputError(`PrivBayes here learns networks of degree 1 or 2; got ${params.degree}`);
  const epsilon = parseDecimal(params.epsilon);
  const budget = new PrivacyBudget(epsilon, params.epsilon);
  const steps = hooks.record?.(budget);
  const factor = neighbourFactor(params.rowCount);
  const domain = itemDomainOf(dataset, params.items);
  if (domain.tokens.length === 0) throw new InputError(`${dataset.name} holds no item: nothing to model`);

  // The row count: noised, or declared public (then the ledger records a charge of 0).
  const rowsShare = privBayesShares(epsilon, params.rowCount, false).rows;
  let rows = dataset.n;
  if (rowsShare) {
    const scale = rowsScale(rowsShare);
    budget.spend({
      label: 'the row count',
      mechanism: 'discrete-laplace',
      sensitivity: 1,
      scale,
      cite: `${CITE}: our addition (n is public in the paper)`,
    });
    rows = Math.max(0, dataset.n + discreteLaplace(bits, samplerFraction(scale, 'row count noise scale')));
  } else
    budget.spend({
      label: 'the row count, declared public (not noised: neighbours replace a row)',
      mechanism: 'discrete-laplace',
      sensitivity: 0,
      scale: rational(1),
      cite: `${CITE} Sec. 2 (n public, a tuple replaced)`,
    });
  steps?.rowCount(rows, rowsShare ? scaleText(rowsScale(rowsShare)) : undefined);

  // The N items.
  const count = modelSize(
    epsilon,
    params.rowCount,
    rows,
    params.degree,
    params.maxItems,
    domain.tokens.length,
  );
  const choosing = domain.tokens.length > count;
  const shares = privBayesShares(epsilon, params.rowCount, choosing);
  let positions = Array.from({ length: count }, (_, i) => i);
  if (choosing && shares.items) {
    const scale = itemsScale(shares.items, params.cap, factor);
    budget.spend({
      label: `the ${count} modelled items: ${domain.tokens.length} item counts over rows cut to ${params.cap} items`,
      mechanism: 'discrete-laplace',
      sensitivity: params.cap * factor,
      scale,
      cite: `${CITE}: our addition (the paper's attributes are given)`,
    });
    positions = chooseItems(
      dataset,
      domain,
      count,
      params.cap,
      bits,
      samplerFraction(scale, 'item count noise scale'),
    );
  }
  progress(0.05, 'items chosen');
  steps?.items(
    positions.map((p) => domain.tokens[p]),
    domain.tokens,
    choosing,
  );
  const slotOf = new Int32Array(dataset.d).fill(-1);
  positions.forEach((position, slot) => {
    const id = domain.ids[position];
    if (id >= 0) slotOf[id] = slot;
  });

  // The network (Alg. 4).
  const supports = SubsetSupports.of(dataset, slotOf, count, params.degree + 1);
  const pScale = pickScale(shares.structure, count, factor);
  const greedy = greedyBayes(
    supports,
    params.degree,
    bits,
    rateOf(pScale),
    (pick) =>
      budget.spend({
        label: `network: node ${pick + 2} of ${count} (exponential mechanism on the R score)`,
        mechanism: 'exponential',
        sensitivity: SCORE_SENSITIVITY * factor,
        scale: pScale,
        cite: `${CITE} Alg. 4 line 7; R score Sec. 4`,
      }),
    (f) => progress(0.05 + 0.75 * f, 'network'),
    steps && {
      first: (slot) => steps.first(slot),
      pick: (seen) => steps.pick({ ...seen, rate: Number(pScale.d) / Number(pScale.n) }),
    },
  );
  const tokenOfSlot = (slot: number) => domain.tokens[positions[slot]];
  const idNet: IdNetwork = {
    items: greedy.order.map((slot) => domain.ids[positions[slot]]),
    parents: greedy.parents,
  };

  // The conditionals (Alg. 3): each measured node's joint counts with discrete Laplace noise.
  const truth = trueCells(dataset, idNet, params.degree);
  const cScale = cellScale(shares.conditionals, count, params.degree, factor);
  const noise = samplerFraction(cScale, 'marginal noise scale');
  const first = firstMeasured(count, params.degree);
  const noisy = truth.map((cells, j) => {
    const entry = budget.spend({
      label: `marginal ${j + 1} of ${marginalCount(count, params.degree)}: node ${first + j + 1}'s ${cells.length} cells`,
      mechanism: 'discrete-laplace',
      sensitivity: factor,
      scale: cScale,
      cite: `${CITE} Alg. 3 (NoisyConditionals)`,
    });
    const counts = cells.map((c) => c + discreteLaplace(bits, noise));
    steps?.marginal(first + j, idNet.parents[first + j], cells, counts, scaleText(cScale), j === 0);
    return { counts, charge: entry.id };
  });
  progress(0.85, 'sampling');

  const network: PrivBayesNetwork = {
    rows,
    rowCount: params.rowCount,
    sampleSeed,
    nodes: greedy.order.map((slot, i) => ({
      item: tokenOfSlot(slot),
      parents: greedy.parents[i].map((p) => tokenOfSlot(greedy.order[p])),
      ...(i >= first && noisy[i - first]),
    })),
  };
  const model = conditionals(
    idNet,
    noisy.map((m) => m.counts),
    params.degree,
  );
  const tokens = network.nodes.map((node) => node.item);
  const synthetic = sampleRows(idNet, model, rows, sampleSeed).map((row) => row.map((i) => tokens[i]));
  return {
    network,
    rows: synthetic,
    budget,
    trueCounts: truth.flat(),
    domain: { size: domain.tokens.length, public: domain.public },
    picks: greedy.picks,
  };
}
