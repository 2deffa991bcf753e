/**
 * A Bayesian network over binary item attributes, as PrivBayes publishes it (Zhang et al., SIGMOD
 * 2014 / TODS 2017, Sec. 3: an ordered list of attribute-parent pairs (X_i, Π_i), Π_i among
 * X_1..X_{i-1}, |Π_i| <= k), with each node's noisy joint counts Pr*[X_i, Π_i] measured by the
 * paper's NoisyConditionals (Alg. 3). Shared by the method (methods/privbayes) and the verifier
 * (release/verifyPrivBayes.ts):
 * - `trueCells`: each measured node's true joint counts in a dataset;
 * - `conditionals`: the paper's consistency step (negative noisy counts set to 0, each marginal
 *   normalized), then Pr*[X_i = 1 | Π_i]; the first k attributes take their conditionals from the
 *   joint of node k (Alg. 3 lines 5-6), which is sampled as one;
 * - `sampleRows`: the synthetic rows drawn from the model (Sec. 3, "sampling ... in the order
 *   X_1..X_d"), a post-processing step: its randomness is a published seed (`sampleSeed`), so the
 *   verifier redraws the rows exactly.
 * Cell index of a node with parents p_0..p_{m-1}: bit j holds p_j's value, bit m the node's own.
 * A node whose parents' combination has no noisy mass takes the node's marginal over its joint (a
 * choice of ours: the paper leaves Pr*[X | π] for an empty π undefined).
 */
import { createRng } from '../base/rng.ts';
import type { Dataset } from '../data/dataset.ts';

/** One node as the release publishes it (items as tokens). */
export interface NetworkNode {
  item: string;
  parents: string[];
  /** The noisy joint counts over (parents, item), 2^(parents+1) cells; absent on the first k nodes. */
  counts?: number[];
  /** Id of the ledger entry that noised `counts`. */
  charge?: number;
}

/** The `network` of a PrivBayes release. */
export interface PrivBayesNetwork {
  /** How many rows were sampled: the noisy row count, or the input's when declared public. */
  rows: number;
  rowCount: 'noised' | 'public';
  /** The seed the synthetic rows were drawn with (post-processing: public). */
  sampleSeed: number;
  nodes: NetworkNode[];
}

/** The nodes whose counts the network measures: from min(k, N − 1) on (the paper's Alg. 3 loop). */
export const firstMeasured = (nodes: number, degree: number) => Math.min(degree, nodes - 1);

/** A network over dataset ids: node i's item and its parents as node indexes. */
export interface IdNetwork {
  items: number[];
  parents: number[][];
}

/** Each measured node's true joint counts (cells as in the module comment), concatenated in node order. */
export function trueCells(dataset: Dataset, net: IdNetwork, degree: number): number[][] {
  const nodeOf = new Int32Array(dataset.d).fill(-1);
  net.items.forEach((id, i) => {
    if (id >= 0) nodeOf[id] = i; // -1: a public domain's item the data never hold
  });
  const first = firstMeasured(net.items.length, degree);
  const cells = net.items.map((_, i) =>
    i >= first ? new Array<number>(2 ** (net.parents[i].length + 1)).fill(0) : [],
  );
  const present = new Uint8Array(net.items.length);
  const touched: number[] = [];
  for (let r = 0; r < dataset.n; r++) {
    for (const id of dataset.row(r))
      if (nodeOf[id] >= 0) {
        present[nodeOf[id]] = 1;
        touched.push(nodeOf[id]);
      }
    for (let i = first; i < net.items.length; i++) cells[i][cellOf(present, net.parents[i], i)]++;
    for (const i of touched) present[i] = 0;
    touched.length = 0;
  }
  return cells.slice(first);
}

function cellOf(values: ArrayLike<number>, parents: readonly number[], node: number): number {
  let cell = 0;
  for (let j = 0; j < parents.length; j++) cell |= values[parents[j]] << j;
  return cell | (values[node] << parents.length);
}

/** A network ready to sample: the joint of the first block and every later node's Pr*[X = 1 | π]. */
export interface SamplingModel {
  /** Nodes 0..first sampled together from this normalized joint (cell bits: node j at bit j). */
  firstJoint: Float64Array;
  first: number;
  /** For node i > first: P(X_i = 1 | parents' cell), indexed by the parents' cell. */
  given: Float64Array[];
}

/**
 * The paper's consistency step and conditionals: negative counts are 0, each marginal normalized.
 * `counts[i]` are the noisy counts of node first + i.
 */
export function conditionals(
  net: IdNetwork,
  counts: readonly (readonly number[])[],
  degree: number,
): SamplingModel {
  const first = firstMeasured(net.items.length, degree);
  const clamp = (c: readonly number[]) => Float64Array.from(c, (v) => Math.max(0, v));
  // Node `first`'s parents are nodes 0..first-1 in some order: re-index its cells so that node j is bit j.
  const head = clamp(counts[0] ?? [1]);
  const firstJoint = new Float64Array(2 ** (first + 1));
  const headParents = net.parents[first] ?? [];
  for (let cell = 0; cell < head.length; cell++) {
    let joint = ((cell >> headParents.length) & 1) << first;
    headParents.forEach((p, j) => (joint |= ((cell >> j) & 1) << p));
    firstJoint[joint] += head[cell];
  }
  normalize(firstJoint);
  const given: Float64Array[] = [];
  for (let i = first + 1; i < net.items.length; i++) {
    const c = clamp(counts[i - first]);
    const half = c.length / 2;
    let ones = 0;
    let all = 0;
    for (let cell = 0; cell < c.length; cell++) {
      all += c[cell];
      if (cell >= half) ones += c[cell];
    }
    const marginal = all > 0 ? ones / all : 0;
    given[i] = Float64Array.from({ length: half }, (_, pi) => {
      const mass = c[pi] + c[pi + half];
      return mass > 0 ? c[pi + half] / mass : marginal;
    });
  }
  return { firstJoint, first, given };
}

function normalize(p: Float64Array): void {
  let sum = 0;
  for (const v of p) sum += v;
  if (sum > 0) for (let i = 0; i < p.length; i++) p[i] /= sum;
  else p[0] = 1; // no mass at all: every first-block item absent
}

/**
 * `rows` synthetic rows drawn from the model with the seed's stream, each the list of node indexes
 * whose item is present, in node order.
 */
export function sampleRows(net: IdNetwork, model: SamplingModel, rows: number, seed: number): number[][] {
  const rng = createRng(seed);
  const values = new Uint8Array(net.items.length);
  const out: number[][] = [];
  const cumulative = new Float64Array(model.firstJoint.length);
  let acc = 0;
  model.firstJoint.forEach((p, i) => (cumulative[i] = acc += p));
  for (let r = 0; r < rows; r++) {
    const u = rng.float() * acc;
    let cell = 0;
    while (cell < cumulative.length - 1 && u >= cumulative[cell]) cell++;
    for (let j = 0; j <= model.first; j++) values[j] = (cell >> j) & 1;
    for (let i = model.first + 1; i < net.items.length; i++) {
      let pi = 0;
      const parents = net.parents[i];
      for (let j = 0; j < parents.length; j++) pi |= values[parents[j]] << j;
      values[i] = rng.float() < model.given[i][pi] ? 1 : 0;
    }
    const row: number[] = [];
    for (let i = 0; i < values.length; i++) if (values[i]) row.push(i);
    out.push(row);
  }
  return out;
}
