/**
 * DiffPart (Chen, Mohammed, Fung, Desai, Xiong, PVLDB 4(11) 2011, Sec. 4, Alg. 1; dp-notes §2.5):
 * top-down partitioning of the transactions over a taxonomy. The root partition (cut {root}) holds
 * every non-empty transaction; a partition is split by expanding one node u of the highest level in
 * its cut, chosen uniformly (no data, no budget): each transaction goes to the sub-partition named
 * by which children of u it touches (2^c - 1 patterns). Every pattern's size, empty or not, gets
 * discrete Laplace noise of the plan's scale (dp/taxonomy.ts), and a sub-partition is kept when its
 * noisy count reaches its threshold (the same integer test for empty and non-empty ones, dp-notes
 * D4, D5): one that still holds internal nodes is split in turn, one whose cut is all leaves (an
 * itemset) is published as that many copies of its itemset. Every split's charges go to the ledger
 * scoped by partition, so a transaction pays along its own path only (parallel composition over
 * sibling partitions, Sec. 4.2). Empty sub-partitions draw only the tail of their noise past the
 * threshold (samplers.ts discreteLaplaceAtLeast: the same law, a few coins each).
 * Empty transactions touch no node: they are in no partition and add no row (dp-notes D8).
 */
import type { Dataset } from '../../data/dataset.ts';
import { InputError } from '../../base/errors.ts';
import type { RandomBits } from '../../dp/byteSource.ts';
import { PrivacyBudget } from '../../dp/ledger.ts';
import { parseDecimal, type Rational } from '../../dp/rational.ts';
import { discreteLaplace, discreteLaplaceAtLeast, samplerFraction } from '../../dp/samplers.ts';
import {
  childCut,
  highestNodes,
  leafPositions,
  rowsByPattern,
  scaleFor,
  splitClasses,
  splitPlan,
  type PlanConstants,
  type Taxonomy,
} from '../../dp/taxonomy.ts';
import type { DiffPartPartition } from '../../release/types.ts';
import type { DiffPartSteps, SubPartition } from './diffPartSteps.ts';

export interface DiffPartOutput {
  partitions: DiffPartPartition[];
  /** True size of each partition (the audit). */
  trueCounts: number[];
  transactions: string[][];
  budget: PrivacyBudget;
  splits: number;
}

interface Work {
  index: number;
  cut: number[];
  rows: number[];
  budget: Rational;
  scope: string;
}

const CITE_SPLIT = 'Chen et al. 2011 Sec. 4.2 (sub-partition counts, parallel over siblings)';

export function diffPart(
  dataset: Dataset,
  taxonomy: Taxonomy,
  params: { epsilon: number; c1: number; c2: number },
  bits: RandomBits,
  progress: (fraction: number) => void = () => {},
  /** A recorded run's steps (diffPartSteps.ts), made with the run's ledger and partitions. */
  record?: (budget: PrivacyBudget, partitions: readonly DiffPartPartition[]) => DiffPartSteps,
): DiffPartOutput {
  const epsilon = parseDecimal(params.epsilon);
  const constants: PlanConstants = { epsilon, c1: params.c1, c2: params.c2 };
  const budget = new PrivacyBudget(epsilon, params.epsilon);
  const position = leafPositions(taxonomy, dataset);
  const missing = [...position.keys()].filter((id) => position[id] < 0);
  if (missing.length > 0)
    throw new InputError(
      `${missing.length} item(s) of ${dataset.name} are not leaves of the hierarchy, which is the public item domain: ${missing
        .slice(0, 5)
        .map((id) => `'${dataset.dictionary.token(id)}'`)
        .join(', ')}${missing.length > 5 ? ', …' : ''}`,
    );
  const label = (node: number) => taxonomy.labels[node];
  const rows: number[] = [];
  for (let r = 0; r < dataset.n; r++) if (dataset.rowLength(r) > 0) rows.push(r);
  const partitions: DiffPartPartition[] = [{ cut: [label(taxonomy.root)], parent: -1 }];
  const trueCounts = [rows.length];
  const transactions: string[][] = [];
  const stack: Work[] = [{ index: 0, cut: [taxonomy.root], rows, budget: epsilon, scope: 'r' }];
  let splits = 0;
  let done = 0;
  const steps = record?.(budget, partitions);
  steps?.start(rows.length, params.epsilon);
  while (stack.length > 0) {
    const p = stack.pop()!;
    splits++;
    const { nodes } = highestNodes(taxonomy, p.cut);
    const u = nodes[bits.below(nodes.length)];
    partitions[p.index].split = label(u);
    const plan = splitPlan(taxonomy, p.cut, p.budget, constants);
    const groups = rowsByPattern(dataset, p.rows, position, taxonomy, u);
    const { patterns, isLeaf, hasLeaf, hasInternal } = splitClasses(taxonomy, p.cut, u);
    // Charges first (check-then-spend): one per class of sub-partition this split noises.
    const leafCharge = hasLeaf
      ? budget.spend({
          label: `split ${splits} (${label(u)}): sizes of its leaf sub-partitions`,
          mechanism: 'discrete-laplace',
          sensitivity: 1,
          scale: scaleFor(plan.leaf.epsilon),
          scope: `${p.scope}/l`,
          cite: CITE_SPLIT,
        })
      : null;
    if (hasInternal && !plan.internal)
      throw new Error('DiffPart: an internal split without an internal budget');
    const internalCharge =
      hasInternal && plan.internal
        ? budget.spend({
            label: `split ${splits} (${label(u)}): sizes of its sub-partitions`,
            mechanism: 'discrete-laplace',
            sensitivity: 1,
            scale: scaleFor(plan.internal.epsilon),
            scope: `${p.scope}/i`,
            cite: CITE_SPLIT,
          })
        : null;
    const parts: SubPartition[] | undefined = steps && [];
    const added: number[] = [];
    const leafScale = samplerFraction(scaleFor(plan.leaf.epsilon), 'DiffPart leaf noise scale');
    const internalScale = plan.internal
      ? samplerFraction(scaleFor(plan.internal.epsilon), 'DiffPart split noise scale')
      : null;
    for (let pattern = 1; pattern <= patterns; pattern++) {
      const leaf = isLeaf(pattern);
      const scale = leaf ? leafScale : internalScale!;
      const threshold = leaf ? plan.leaf.threshold : plan.internal!.threshold;
      const members = groups.get(pattern);
      let count: number;
      const cut = childCut(taxonomy, p.cut, u, pattern);
      const part = parts && {
        cut: cut.map(label),
        trueCount: members?.length ?? 0,
        noisy: null as number | null,
        threshold,
        leaf,
        kept: false,
      };
      if (part) parts!.push(part);
      if (members) {
        count = Math.max(0, members.length + discreteLaplace(bits, scale));
        if (part) part.noisy = count;
        if (count < threshold) continue;
      } else {
        const noisy = discreteLaplaceAtLeast(bits, scale, threshold);
        if (noisy === null) continue;
        count = noisy;
      }
      if (part) [part.noisy, part.kept] = [count, true];
      const index = partitions.length;
      partitions.push({
        cut: cut.map(label),
        parent: p.index,
        count,
        charge: (leaf ? leafCharge! : internalCharge!).id,
      });
      trueCounts.push(members?.length ?? 0);
      added.push(index);
      if (leaf) {
        const itemset = cut.map(label);
        for (let copy = 0; copy < count; copy++) transactions.push([...itemset]);
      } else {
        stack.push({
          index,
          cut,
          rows: members ?? [],
          budget: plan.internal!.childBudget,
          scope: `${p.scope}/i/${index}`,
        });
      }
    }
    steps?.split(p.index, label(u), nodes.map(label), plan, parts!, added);
    done += p.rows.length;
    progress(Math.min(0.99, done / Math.max(1, rows.length * 8)));
  }
  return { partitions, trueCounts, transactions, budget, splits };
}
