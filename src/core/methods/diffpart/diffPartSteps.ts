/**
 * The teaching steps of a recorded DiffPart run (Chen et al. 2011 Sec. 4, Alg. 1; dp-notes §2.5):
 * the taxonomy with the root's cut, then every split as the run makes it: the partition split, the
 * node expanded (drawn uniformly among its cut's highest nodes: no data, no budget), each
 * sub-partition with its true count, its noisy count, the threshold it must reach and the ε its
 * level is charged, kept or dropped; the partitions kept so far drawn as a table (each with its
 * cut and noisy count), and the ledger as it stands after the split. Read off the run's own plan,
 * counts and ledger when recorded; a production run builds none of it.
 */
import type { PrivacyBudget } from '../../dp/ledger.ts';
import { toUpperDouble, type Rational } from '../../dp/rational.ts';
import type { Taxonomy } from '../../dp/taxonomy.ts';
import { itemSet, shown } from '../../teach/drawings.ts';
import { ledgerShown, seededNoiseSentence } from '../../teach/ledgerShown.ts';
import { ask } from '../../teach/questions.ts';
import type { Recorder } from '../../teach/recorder.ts';
import type { Candidate, LatticeDrawing, TableDrawing } from '../../teach/trace.ts';
import type { DiffPartPartition } from '../../release/types.ts';

/** Sub-partitions listed per split (non-empty first); the rest are counted. */
const SHOWN_PARTS = 16;

const CITE = 'Chen et al. 2011 Sec. 4 (Alg. 1), dp-notes §2.5';

/** One sub-partition of a split, as the run decided it. */
export interface SubPartition {
  cut: string[];
  trueCount: number;
  /** Null when dropped without its count drawn (an empty one's tail draw fell short). */
  noisy: number | null;
  threshold: number;
  leaf: boolean;
  kept: boolean;
}

export class DiffPartSteps {
  constructor(
    private readonly rec: Recorder,
    private readonly taxonomy: Taxonomy,
    private readonly budget: PrivacyBudget,
    private readonly noise: { seeded: boolean; seed: number },
    private readonly partitions: readonly DiffPartPartition[],
  ) {}

  private noiseSentence(): string {
    return this.noise.seeded
      ? ` ${seededNoiseSentence(this.noise.seed)}`
      : " The noise comes from the system's randomness: these steps change every time.";
  }

  private lattice(cut: readonly string[]): LatticeDrawing {
    const { taxonomy } = this;
    const order: number[] = [];
    const parentAt: number[] = [];
    const walk = (node: number, parent: number) => {
      const at = order.length;
      order.push(node);
      parentAt.push(parent);
      for (const child of taxonomy.children[node]) walk(child, at);
    };
    walk(taxonomy.root, -1);
    return {
      kind: 'lattice',
      nodes: order.map((node, i) => ({
        id: taxonomy.labels[node],
        label: taxonomy.labels[node],
        parent: parentAt[i],
        leaves: taxonomy.high[node] - taxonomy.low[node],
        cut: cut.includes(taxonomy.labels[node]),
      })),
    };
  }

  /** The partitions kept so far: the ones still to split and the published itemsets. */
  private table(): TableDrawing {
    return {
      kind: 'table',
      rows: this.partitions.map((p, i) => ({
        id: `P${i + 1}`,
        label: `P${i + 1}`,
        items: [...p.cut],
        note:
          p.count === undefined
            ? 'all rows'
            : `${p.split !== undefined ? `split on ${p.split}` : p.cut.every((c) => this.isLeaf(c)) ? 'published' : 'to split'}, noisy ${p.count}`,
      })),
      caption: 'partitions kept: their cut of the taxonomy and noisy count',
    };
  }

  private isLeaf(label: string): boolean {
    const node = this.taxonomy.labels.indexOf(label);
    return node >= 0 && this.taxonomy.level[node] === 0;
  }

  start(rows: number, epsilon: number): void {
    this.rec.step({
      title: 'The taxonomy, cut at its root',
      text:
        `DiffPart starts from one partition holding all ${rows} non-empty transactions, described by the cut {${this.taxonomy.labels[this.taxonomy.root]}}. ` +
        `It splits partitions top down along the taxonomy, and publishes a partition only through a noisy count, with ε = ${epsilon} in all: ` +
        `a transaction pays only along its own path of partitions (parallel composition over siblings).` +
        this.noiseSentence(),
      cite: CITE,
      state: this.lattice([this.taxonomy.labels[this.taxonomy.root]]),
      changed: [this.taxonomy.labels[this.taxonomy.root]],
      ledger: ledgerShown(this.budget.ledger()),
    });
  }

  /** One split of partition `index` (0-based) on node `u`, its sub-partitions as decided. */
  split(
    index: number,
    u: string,
    highest: readonly string[],
    plan: {
      leaf: { epsilon: Rational; threshold: number };
      internal: { epsilon: Rational; threshold: number } | null;
    },
    parts: readonly SubPartition[],
    added: readonly number[],
  ): void {
    const leafEps = toUpperDouble(plan.leaf.epsilon);
    const internalEps = plan.internal ? toUpperDouble(plan.internal.epsilon) : null;
    const listed = [...parts]
      .sort((a, b) => Number(b.trueCount > 0) - Number(a.trueCount > 0) || b.trueCount - a.trueCount)
      .slice(0, SHOWN_PARTS);
    const candidates: Candidate[] = listed.map((s) => ({
      label: itemSet(s.cut),
      values: {
        'true count': s.trueCount,
        'noisy count': s.noisy ?? `< ${shown(s.threshold)}`,
        threshold: shown(s.threshold),
        'ε here': shown(s.leaf ? leafEps : internalEps!),
      },
      chosen: s.kept,
      ...(!s.kept && { note: 'noisy count below the threshold: dropped' }),
    }));
    if (parts.length > SHOWN_PARTS)
      candidates.push({ label: `${parts.length - SHOWN_PARTS} more, all empty`, values: {} });
    const kept = parts.filter((s) => s.kept).length;
    const eps = shown(internalEps ?? leafEps);
    const question = ask(
      `Partition P${index + 1} is split on ${u}: how much ε does this split charge for its ${internalEps !== null ? 'sub-partitions still to split' : 'leaf sub-partitions'}?`,
      [...new Set([eps, shown(eps * 2), shown(eps / 2), shown(this.budget.ledger().epsilon)].map(String))],
      String(eps),
      `The plan gives this level its share of the partition's budget (Alg. 1's split of ε̄ over the levels still to go): ε = ${eps}, the scale of the discrete Laplace noise being 1/ε; siblings share it (parallel composition).`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Split P${index + 1} on ${u}`,
      text:
        `P${index + 1}'s cut is ${itemSet(this.partitions[index].cut)}; of its highest nodes ${itemSet([...highest])}, ${u} is drawn uniformly (no data, no budget) and expanded: ` +
        `each transaction goes to the sub-partition named by the children of ${u} it touches (${parts.length} possible). ` +
        `Every sub-partition's size gets discrete Laplace noise ` +
        (internalEps !== null
          ? `(ε = ${shown(internalEps)} for those still holding internal nodes, threshold ${shown(plan.internal!.threshold)}; ε = ${shown(leafEps)} for leaf ones, threshold ${shown(plan.leaf.threshold)})`
          : `(ε = ${shown(leafEps)}, threshold ${shown(plan.leaf.threshold)})`) +
        `, empty ones included; ${kept} reach their threshold and are kept. A kept leaf partition is published as that many copies of its itemset.`,
      cite: `${CITE}; Sec. 4.2 (thresholds, budget per level)`,
      state: this.table(),
      changed: added.map((i) => `P${i + 1}`),
      candidates,
      ledger: ledgerShown(this.budget.ledger()),
    });
  }
}
