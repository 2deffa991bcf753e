/**
 * The teaching steps of a recorded (h,k,p)-coherence run (Xu, Wang, Fung, Yu, KDD 2008): the data
 * as a matrix with the private items apart, the minimal moles the level-wise search found, the
 * size-1 moles suppressed, the MOLE-tree, and each greedy suppression with its Score = MM / IL and
 * the alternatives it beat. The matrix drops a suppressed item's cells from every row. The paper
 * is not in the project's paper folder: its sections are cited as docs/hkp-coherence.md and
 * notes/hkp-coherence.md recall them (see there for where that recollection may be off).
 */
import type { Dataset } from '../../data/dataset.ts';
import { SMALL_COHORT, type MoleSearch } from '../../release/moles.ts';
import { describeMole } from '../../release/verifyCoherence.ts';
import type { CoherenceLevels } from '../../release/moles.ts';
import type { Recorder } from '../../teach/recorder.ts';
import { allItems, count, itemSet, matrixOf, shown } from '../../teach/drawings.ts';
import type { Candidate, LatticeDrawing } from '../../teach/trace.ts';
import type { GreedyObserver, Suppression } from './greedy.ts';
import type { MoleTree } from './moleTree.ts';

const PAPER = 'Xu, Wang, Fung, Yu (KDD 2008)';
/** Moles and alternatives listed per step (the rest are counted). */
const SHOWN = 12;

export class HkpSteps implements GreedyObserver {
  private readonly suppressed = new Set<number>();
  private readonly columns: number[];

  constructor(
    private readonly rec: Recorder,
    private readonly dataset: Dataset,
    private readonly isPrivate: Uint8Array,
    private readonly levels: CoherenceLevels,
  ) {
    const items = allItems(dataset);
    this.columns = [...items.filter((a) => isPrivate[a] === 0), ...items.filter((a) => isPrivate[a] === 1)];
    const { h, k, p } = levels;
    rec.step({
      title: 'Public and private items',
      text:
        `An attacker knows up to p = ${p} public items of a person's row. The release must leave every such ` +
        `combination β either in no row or in at least k = ${k} rows (the β-cohort), and no private item ` +
        `(drawn apart, right) in more than a share h = ${h} of the cohort.`,
      cite: `${PAPER} Sec. 2, the definition of (h,k,p)-coherence; Pbreach(β) = max over private e of Sup(β ∪ {e}) / Sup(β)`,
      state: this.matrix('the input rows; private items on the right'),
      changed: [],
    });
  }

  private token(a: number): string {
    return this.dataset.dictionary.token(a);
  }

  /** Every row over every item, a suppressed item's column kept (labelled so) with no cell left. */
  private matrix(caption: string) {
    const drawing = matrixOf(
      this.dataset,
      Array.from({ length: this.dataset.n }, (_, r) => r),
      this.columns,
      { sensitive: (a) => this.isPrivate[a] === 1, caption },
    );
    const gone = this.columns.map((a) => this.suppressed.has(a));
    return {
      ...drawing,
      columns: drawing.columns.map((c, i) => (gone[i] ? { ...c, label: `${c.label} (suppressed)` } : c)),
      rows: drawing.rows.map((row) => ({ ...row, cells: row.cells.filter((c) => !gone[c]) })),
    };
  }

  moles(search: MoleSearch): void {
    const candidates: Candidate[] = [];
    let total = 0;
    for (const list of search.moles)
      for (let i = 0; i < list.count; i++) {
        total++;
        if (candidates.length >= SHOWN) continue;
        const items = Array.from(list.moleItems(i), (a) => this.token(a));
        const breach = list.breachItem.get(i);
        candidates.push({
          label: itemSet(items),
          values: {
            'Sup(β)': list.support.get(i),
            ...(breach !== SMALL_COHORT && {
              [`P(β → ${this.token(breach)})`]: shown(list.breachSupport.get(i) / list.support.get(i)),
            }),
          },
          note: describeMole(
            items,
            list.support.get(i),
            breach === SMALL_COHORT ? null : this.token(breach),
            list.breachSupport.get(i),
            this.levels,
          ),
        });
      }
    const bySize = search.moles.map((l) => `${l.count} of size ${l.size}`).join(', ');
    const kept = search.extendible.map((c, s) => `${c} of size ${s + 1}`).join(', ');
    this.rec.step({
      title: 'Minimal moles',
      text:
        `A mole is a β of at most p public items, held by some row, whose cohort is smaller than k or gives a private ` +
        `item away with probability above h; it is minimal when every smaller β inside it is fine. Level by level ` +
        `(Apriori-like: only itemsets whose every subset is an extendible non-mole are counted) the search found ` +
        `${count(total, 'minimal mole')}: ${bySize}. Extendible non-moles kept: ${kept}.` +
        (total > SHOWN ? ` The first ${SHOWN} are listed.` : ''),
      cite: `${PAPER} Sec. 4, minimal moles and the level-wise search for them (F_i, M_i)`,
      state: this.matrix('the input rows'),
      changed: [],
      candidates,
    });
  }

  sizeOne(items: readonly number[]): void {
    for (const a of items) this.suppressed.add(a);
    this.rec.step({
      title: 'Suppress the size-1 moles',
      text:
        items.length === 0
          ? 'No public item is a mole on its own: nothing to suppress before the greedy.'
          : `${itemSet(items.map((a) => this.token(a)))} ${items.length === 1 ? 'is a mole' : 'are moles'} on ${items.length === 1 ? 'its' : 'their'} own: an attacker who knows ${items.length === 1 ? 'it' : 'one of them'} already breaks the bound, and only suppressing ${items.length === 1 ? 'it' : 'each'} from every row removes that, so ${items.length === 1 ? 'it goes' : 'they go'} first.`,
      cite: `${PAPER} Sec. 4, Fig. 6 (the overall greedy algorithm): size-1 moles are suppressed first`,
      state: this.matrix('size-1 moles suppressed'),
      changed: items.map((a) => this.token(a)),
    });
  }

  tree(tree: MoleTree): void {
    this.rec.step({
      title: 'The MOLE-tree',
      text:
        `The ${count(tree.moles, 'minimal mole')} of two or more items form a prefix tree, each mole's items in ` +
        `descending MM order (MM(e): the minimal moles holding e); a node counts the moles through it, and ` +
        `the nodes of one item are linked, so suppressing it finds all its moles at once.`,
      cite: `${PAPER} Sec. 4, the MOLE-tree and the score table (MM, IL, node-link)`,
      state: this.treeDrawing(tree),
      changed: [],
    });
  }

  choice(chosen: Suppression, alternatives: readonly Suppression[], tree: MoleTree): void {
    this.suppressed.add(chosen.item);
    const candidates: Candidate[] = alternatives.slice(0, SHOWN).map((s) => ({
      label: this.token(s.item),
      ref: this.token(s.item),
      values: { MM: s.mm, IL: s.il, 'MM/IL': shown(s.mm / s.il) },
      ...(s.item === chosen.item ? { chosen: true } : { note: 'lower score' }),
    }));
    const name = this.token(chosen.item);
    this.rec.step({
      title: `Suppress ${name}`,
      text:
        `${name} has the best score MM/IL = ${chosen.mm}/${chosen.il} = ${shown(chosen.mm / chosen.il)}: it removes ` +
        `the most minimal moles per occurrence lost. Suppressing it takes ${count(chosen.removed, 'mole')} out of ` +
        `the tree and creates none (supports of itemsets without ${name} do not change); ${count(tree.moles, 'minimal mole')} left.`,
      cite: `${PAPER} Sec. 4, Fig. 6: suppress the public item with the maximum Score(e) = MM(e)/IL(e), then update the MOLE-tree`,
      state: this.matrix(`${this.suppressed.size} public item(s) suppressed`),
      changed: [name],
      candidates,
    });
  }

  restored(items: readonly number[]): void {
    for (const a of items) this.suppressed.delete(a);
    const names = items.map((a) => this.token(a));
    this.rec.step({
      title: 'Publish again what no mole needs',
      text:
        items.length === 0
          ? 'Every suppressed item is the only suppressed item of some minimal mole: none can come back.'
          : `${itemSet(names)}: every minimal mole holding ${items.length === 1 ? 'it' : 'each'} also holds another suppressed item, so publishing ${items.length === 1 ? 'it' : 'them'} again (most occurrences first) makes no mole. This pass is the workbench's, not the paper's (restore = false skips it).`,
      cite: `${PAPER} Sec. 4: a release is coherent when every minimal mole holds a suppressed item; the pass itself is not in the paper`,
      state: this.matrix(`${this.suppressed.size} public item(s) suppressed`),
      changed: names,
    });
  }

  private treeDrawing(tree: MoleTree): LatticeDrawing {
    const nodes = tree.liveNodes();
    return {
      kind: 'lattice',
      nodes: nodes.map((node, i) => ({
        id: i === 0 ? 'root' : `N${i}`,
        label: i === 0 ? 'root' : `${this.token(node.item)}:${node.moleNum}`,
        parent: node.parent,
        leaves: node.moleNum,
        cut: false,
      })),
      caption: 'each node item:moles through it',
    };
  }
}
