/**
 * The check of a PrivBayes release (DESIGN.md sec. 4 and 8: "the published data are exactly what
 * the noisy counts produce"). Beside the ledger's own check (verifyLedger.ts), it replays the plan
 * from the header's params (dp/privBayesPlan.ts) and the published network:
 * - the ledger holds exactly, in order: the row count's charge (noised: scale 20/ε, sensitivity 1;
 *   public: a charge of 0, and the published count is the input's), the items' charge when the
 *   domain holds more than N items, N − 1 network picks and one charge per measured marginal, each
 *   with the sensitivity and scale the plan gives, at the root scope, and nothing else;
 * - N, the number of nodes, is what the θ-usefulness rule gives from the published row count; the
 *   items are distinct members of the domain (the `items` param's public list, or the data's);
 * - node i's parents are min(k, i) distinct earlier nodes; the first min(k, N − 1) nodes carry no
 *   counts, every later one 2^(parents+1) noisy counts and the id of the charge that noised them;
 * - the audit's true counts are the network's cells counted in the input;
 * - the rows are exactly those the noisy network draws with the published `sampleSeed`
 *   (dp/bayesNet.ts: the same consistency step and sampler as the run).
 * Not replayed: the noise itself (a seeded run's noise could be redrawn from its seed; the check
 * above holds whatever the noise was).
 */
import type { Dataset } from '../data/dataset.ts';
import { conditionals, firstMeasured, sampleRows, trueCells, type IdNetwork } from '../dp/bayesNet.ts';
import { itemDomainOf, type ItemDomain } from '../dp/itemDomain.ts';
import type { LedgerEntry, Mechanism } from '../dp/ledger.ts';
import {
  cellScale,
  itemsScale,
  modelSize,
  neighbourFactor,
  pickScale,
  privBayesShares,
  rowsScale,
  SCORE_SENSITIVITY,
  type RowCount,
} from '../dp/privBayesPlan.ts';
import { formatRational, type Rational } from '../dp/rational.ts';
import { rowTokens, rowCount as publishedRows } from './tokenRows.ts';
import { startDpCheck } from './verifyLedger.ts';
import type { SyntheticAudit, TransactionsRelease, Verification } from './types.ts';

const MAX_PROBLEMS = 20;

export function verifyPrivBayes(
  dataset: Dataset,
  release: TransactionsRelease,
  audit: SyntheticAudit,
): Verification {
  const { problems, done, ledger, epsilon } = startDpCheck(release);
  const net = release.network;
  if (!net) {
    problems.push('a PrivBayes release carries the network its rows were sampled from; none found');
    return done();
  }
  if (!ledger || !epsilon) return done();
  const params = release.params;
  const degree = Number(params.degree);
  const rowCount = String(params.rowCount) as RowCount;
  if (rowCount !== net.rowCount)
    problems.push(`the header's rowCount is '${rowCount}', the network says '${net.rowCount}'`);
  const factor = neighbourFactor(net.rowCount);
  let domain: ItemDomain;
  try {
    domain = itemDomainOf(dataset, String(params.items ?? ''));
  } catch (error) {
    problems.push(`the item domain of the header's params cannot be read: ${(error as Error).message}`);
    return done();
  }

  const entries = ledger.entries;
  let next = 0;
  const expect = (
    what: string,
    mechanism: Mechanism,
    sensitivity: number,
    scale: Rational,
  ): LedgerEntry | undefined => {
    const entry = entries[next];
    if (!entry) {
      problems.push(`the ledger lacks the charge of ${what} (entry ${next})`);
      return undefined;
    }
    next++;
    const wanted = formatRational(scale);
    if (
      entry.mechanism !== mechanism ||
      entry.sensitivity !== sensitivity ||
      entry.scale !== wanted ||
      entry.scope !== ''
    )
      problems.push(
        `ledger entry ${entry.id} (${what}): ${entry.mechanism}, sensitivity ${entry.sensitivity}, scale ${entry.scale}, scope '${entry.scope}'; the plan gives ${mechanism}, sensitivity ${sensitivity}, scale ${wanted}, scope ''`,
      );
    return entry;
  };

  // The row count.
  const rowsShare = privBayesShares(epsilon, net.rowCount, false).rows;
  if (rowsShare) expect('the row count', 'discrete-laplace', 1, rowsScale(rowsShare));
  else {
    const entry = entries[next++];
    if (!entry || entry.sensitivity !== 0)
      problems.push('a row count declared public is recorded in the ledger as a charge of sensitivity 0');
    if (net.rows !== dataset.n)
      problems.push(
        `the row count is declared public, but the network samples ${net.rows} rows of the input's ${dataset.n}`,
      );
  }

  // The N items.
  const count = net.nodes.length;
  const expected = modelSize(
    epsilon,
    net.rowCount,
    net.rows,
    degree,
    Number(params.maxItems),
    domain.tokens.length,
  );
  if (count !== expected)
    problems.push(
      `the network has ${count} nodes; the θ-usefulness rule gives ${expected} from ${net.rows} rows`,
    );
  const choosing = domain.tokens.length > count;
  const shares = privBayesShares(epsilon, net.rowCount, choosing);
  if (choosing && shares.items)
    expect(
      'the item choice',
      'discrete-laplace',
      Number(params.cap) * factor,
      itemsScale(shares.items, Number(params.cap), factor),
    );
  const positionOf = new Map(domain.tokens.map((t, i) => [t, i]));
  const nodeOf = new Map<string, number>();
  for (const [i, node] of net.nodes.entries()) {
    if (!positionOf.has(node.item)) problems.push(`node ${i}: item '${node.item}' is not in the item domain`);
    if (nodeOf.has(node.item))
      problems.push(`node ${i}: item '${node.item}' is already node ${nodeOf.get(node.item)}`);
    nodeOf.set(node.item, i);
  }

  // The network's picks and its shape.
  const pScale = pickScale(shares.structure, count, factor);
  for (let i = 1; i < count; i++)
    expect(`network node ${i + 1}`, 'exponential', SCORE_SENSITIVITY * factor, pScale);
  const first = firstMeasured(count, degree);
  const cScale = cellScale(shares.conditionals, count, degree, factor);
  const parents: number[][] = [];
  for (const [i, node] of net.nodes.entries()) {
    const ids = node.parents.map((t) => nodeOf.get(t) ?? -1);
    if (
      ids.length !== Math.min(degree, i) ||
      new Set(ids).size !== ids.length ||
      ids.some((p) => p < 0 || p >= i)
    )
      problems.push(
        `node ${i} ('${node.item}'): its parents must be ${Math.min(degree, i)} distinct earlier nodes`,
      );
    parents.push(ids);
    if (i < first) {
      if (node.counts !== undefined || node.charge !== undefined)
        problems.push(
          `node ${i} lies in the first block (sampled from node ${first}'s joint) and carries counts`,
        );
      continue;
    }
    const entry = expect(`node ${i + 1}'s marginal`, 'discrete-laplace', factor, cScale);
    if (!node.counts || node.counts.length !== 2 ** (ids.length + 1))
      problems.push(
        `node ${i}: ${2 ** (ids.length + 1)} noisy counts expected, ${node.counts?.length ?? 0} found`,
      );
    if (entry && node.charge !== entry.id)
      problems.push(
        `node ${i}: its counts name charge ${node.charge}, the ledger's entry for them is ${entry.id}`,
      );
  }
  if (next < entries.length)
    problems.push(`the ledger holds ${entries.length - next} charge(s) the plan does not make`);
  if (problems.length > 0) return done();

  // The audit's truth, and the rows the noisy network draws.
  const idNet: IdNetwork = {
    items: net.nodes.map((node) => domain.ids[positionOf.get(node.item)!]),
    parents,
  };
  const truth = trueCells(dataset, idNet, degree).flat();
  if (truth.length !== audit.trueCounts.length || truth.some((c, i) => c !== audit.trueCounts[i]))
    problems.push("the audit's true counts are not the network's cells counted in the input");
  const model = conditionals(
    idNet,
    net.nodes.slice(first).map((node) => node.counts!),
    degree,
  );
  const drawn = sampleRows(idNet, model, net.rows, net.sampleSeed);
  const published = publishedRows(release.transactions);
  if (published !== drawn.length)
    problems.push(`the release has ${published} rows; the network draws ${drawn.length}`);
  else
    for (let r = 0; r < published && problems.length < MAX_PROBLEMS; r++) {
      const row = rowTokens(release.transactions, r);
      const want = drawn[r].map((i) => net.nodes[i].item);
      if (row.length !== want.length || row.some((t, j) => t !== want[j]))
        problems.push(
          `row ${r} is {${row.join(', ')}}; the network draws {${want.join(', ')}} with seed ${net.sampleSeed}`,
        );
    }
  return done();
}
