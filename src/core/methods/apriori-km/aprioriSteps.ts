/**
 * The teaching steps of a recorded Apriori Anonymization run (Terrovitis et al., VLDB 2008, Sec. 4;
 * the k^m baseline of the COAT paper): the hierarchy with its cut at the leaves, each size's count
 * of the itemsets rarer than k as the cut publishes them, and each direct-anonymization fix: every
 * combination of the itemset's nodes' ancestors tried in order of added NCP until one reaches k
 * rows, the cut then lifted to it. The hierarchy is drawn with the cut as it stands.
 */
import type { RangeTree } from '../../data/hierarchy/rangeTree.ts';
import { nodeLabel } from '../../data/hierarchy/rangeTree.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { itemSet, shown } from '../../teach/drawings.ts';
import { ask, askFrom } from '../../teach/questions.ts';
import type { Candidate, LatticeDrawing } from '../../teach/trace.ts';
import type { Cut } from './cut.ts';
import type { RareItemsets } from './rareItemsets.ts';

/** An option DA tried for one rare itemset (recorded runs): its nodes, its cost, whether it reaches k. */
export interface FixOption {
  nodes: number[];
  cost: number;
  /** null when not needed: merging into fewer nodes makes the itemset a smaller, fixed one. */
  reaches: boolean | null;
  /** Listed after the fix (a recorded run's alternatives): costlier, not needed. */
  after?: boolean;
}

/** Rare itemsets listed per count (the rest are counted). */
const SHOWN_ITEMSETS = 20;

const CITE = 'Terrovitis et al. (VLDB 2008) Sec. 4, Apriori Anonymization; COAT paper Sec. 2 [20]';

export class AprioriSteps {
  /** Nodes in depth-first order (root first) and each node's place in it. */
  private readonly order: number[] = [];

  constructor(
    private readonly rec: Recorder,
    private readonly tree: RangeTree,
    private readonly cut: Cut,
    private readonly k: number,
    /** Item occurrences of the whole data (NCP's denominator, with the item count). */
    private readonly occurrences: number,
  ) {
    const children: number[][] = Array.from({ length: tree.parent.length }, () => []);
    for (let node = 0; node < tree.parent.length; node++)
      if (tree.parent[node] >= 0) children[tree.parent[node]].push(node);
    for (const list of children)
      list.sort((a, b) => tree.low[a] - tree.low[b] || tree.high[b] - tree.high[a]);
    const stack = tree.root >= 0 ? [tree.root] : [];
    while (stack.length > 0) {
      const node = stack.pop()!;
      this.order.push(node);
      for (let i = children[node].length - 1; i >= 0; i--) stack.push(children[node][i]);
    }
  }

  private label(node: number): string {
    return nodeLabel(this.tree, node);
  }

  private nodes(nodes: readonly number[]): string {
    return itemSet(nodes.map((n) => this.label(n)));
  }

  /** The hierarchy with a cut marked: the cut as it stands, or `at`. */
  lattice(at: Int32Array = this.cut.at): LatticeDrawing {
    const { tree } = this;
    const inCut = new Set(at);
    const place = new Map(this.order.map((node, i) => [node, i]));
    return {
      kind: 'lattice',
      nodes: this.order.map((node) => ({
        id: this.label(node),
        label: this.label(node),
        parent: tree.parent[node] >= 0 ? place.get(tree.parent[node])! : -1,
        leaves: tree.high[node] - tree.low[node],
        cut: inCut.has(node),
      })),
    };
  }

  start(): void {
    this.rec.step({
      title: 'The hierarchy, cut at the items',
      text:
        `A global full-subtree generalization publishes every item as the node of a cut above it (the highlighted nodes), the same in every row. ` +
        `The cut starts at the items themselves; Apriori Anonymization raises it only where an itemset of up to m items occurs in fewer than k = ${this.k} rows.`,
      cite: CITE,
      state: this.lattice(),
      changed: [],
    });
  }

  counted(size: number, found: RareItemsets): void {
    const listed: Candidate[] = [];
    for (let v = 0; v < Math.min(found.count, SHOWN_ITEMSETS); v++)
      listed.push({
        label: this.nodes(Array.from({ length: size }, (_, j) => found.node(v, j))),
        values: { support: found.support(v) },
      });
    if (found.count > SHOWN_ITEMSETS)
      listed.push({ label: `${found.count - SHOWN_ITEMSETS} more`, values: { support: '' } });
    const question = ask(
      `Under the cut as it stands, does any itemset of ${size} published item${size === 1 ? '' : 's'} occur in fewer than k = ${this.k} rows (but in some)?`,
      ['yes', 'no'],
      found.count > 0 ? 'yes' : 'no',
      `Apriori's level ${size} counts them: ${found.count}${found.count > 0 ? `, such as ${listed[0].label} in ${listed[0].values.support} rows` : ''}.`,
    );
    this.rec.step({
      ...(question && { question }),
      title: `Itemsets of ${size} item${size === 1 ? '' : 's'} rarer than k`,
      text:
        `Counting the ${size}-itemsets of the data as the cut publishes it (Apriori's level ${size}) finds ${found.count} that occur in fewer than k = ${this.k} rows but in some. ` +
        'They are fixed one after the other, in the order of their nodes; one fix may fix others on the way.',
      cite: CITE,
      state: this.lattice(),
      changed: [],
      candidates: listed,
    });
  }

  /** DA's fix of `itemset` (nodes of the cut): the options tried, the chosen one lifted. */
  fixed(itemset: readonly number[], tried: readonly FixOption[], chosen: readonly number[]): void {
    const ncp = (cost: number) => shown(cost / (this.tree.d * Math.max(1, this.occurrences)));
    const candidates: Candidate[] = tried.map((option) => {
      const isChosen = option.nodes.length === chosen.length && option.nodes.every((n, i) => n === chosen[i]);
      return {
        label: this.nodes(option.nodes),
        values: {
          'NCP added': ncp(option.cost),
          'k rows': option.reaches === null ? 'fewer items' : option.reaches ? 'yes' : 'no',
        },
        chosen: isChosen,
        ...(!isChosen && {
          note: option.after ? 'costs more than the fix: not tried' : 'cheaper, but in fewer than k rows',
        }),
      };
    });
    const question = askFrom(
      `${this.nodes(itemset)} is in fewer than k = ${this.k} rows: to which nodes is the cut raised?`,
      candidates,
      'Direct anonymization tries the options by the NCP they add, cheapest first, and takes the first in at least k rows.',
    );
    this.rec.step({
      title: `Fix ${this.nodes(itemset)}`,
      text:
        `${this.nodes(itemset)} is in fewer than k = ${this.k} rows. Every way of replacing its nodes by themselves or an ancestor is tried by the NCP it adds ` +
        `(each occurrence of an item costs the share of all items its published node stands for), cheapest first, until one is in at least k rows: ` +
        `the cut is raised to ${this.nodes(chosen)}.`,
      cite: `${CITE} (direct anonymization, DA)`,
      state: this.lattice(),
      changed: chosen.map((n) => this.label(n)),
      candidates,
      ...(question && { question }),
    });
  }

  /**
   * The cut the release publishes (issue 32, refineCut.ts): AA's refined until no category can be
   * split with k^m holding, or the top-down search's when cheaper.
   */
  published(
    at: Int32Array,
    search: 'apriori' | 'top-down',
    splits: number,
    aaNcp: number,
    ncp: number,
  ): void {
    const before = new Set(this.cut.at);
    const changed = [...new Set(at)].filter((node) => !before.has(node)).map((n) => this.label(n));
    this.rec.step({
      title: 'The published cut: locally minimal',
      text:
        search === 'apriori' && splits === 0
          ? `A published category is taken one level down when every itemset of up to m items still occurs in at least k = ${this.k} rows after it. No category of this cut can be: Apriori's cut is already locally minimal (NCP ${shown(ncp)}).`
          : search === 'apriori'
            ? `Then each published category is taken one level down when every itemset of up to m items still occurs in at least k = ${this.k} rows, the one saving most NCP first, until none can be: ${splits} split${splits === 1 ? '' : 's'}, NCP ${shown(aaNcp)} to ${shown(ncp)}. No category of this cut can be split.`
            : `The same refinement from the root (everything generalized, then split while k^m holds) reaches a cheaper cut than Apriori's (NCP ${shown(ncp)} against ${shown(aaNcp)}): the release publishes it. No category of this cut can be split.`,
      cite: `${CITE}; refined to a locally minimal cut`,
      state: this.lattice(at),
      changed,
    });
  }
}
