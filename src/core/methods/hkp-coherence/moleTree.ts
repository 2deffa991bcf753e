/**
 * The MOLE-tree and its score table (Xu, Wang, Fung, Yu, KDD 2008, Sec. 4): the minimal moles of
 * two or more items as paths of a prefix tree, each mole's items in one global order (descending
 * MM, then id), every node with the number of moles passing through it (`moleNum`) and a node-link
 * to the next node of the same item; the score table holds, per public item e, MM(e) (the minimal
 * moles that hold e), IL(e) (what suppressing e loses) and the head of e's node-link.
 *
 * Suppressing e removes every minimal mole that holds e, and no others, and creates none: the
 * supports of itemsets without e do not change, so a mole or non-mole without e stays one (the
 * paper's observation behind its greedy, Sec. 4). On the tree, each node w of e's node-link loses
 * its subtree (every node u in it gives back moleNum(u) to MM(u's item)) and each ancestor v of w
 * gives moleNum(w) back to its own count and to MM(v's item). The tree is held in typed arrays:
 * first child / next sibling, parent, node-link, and a flag for nodes removed.
 */
import type { MoleList } from '../../release/moles.ts';

export class MoleTree {
  /** Per node: its item (-1 for the root), parent, first child, next sibling, next node of the same item. */
  private readonly item: Int32Array;
  private readonly parent: Int32Array;
  private readonly child: Int32Array;
  private readonly sibling: Int32Array;
  private readonly link: Int32Array;
  private readonly moleNum: Int32Array;
  private readonly gone: Uint8Array;
  private nodes = 1;
  /** The score table: MM(e) per item and the head of its node-link (-1: none). */
  readonly mm: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  /** Minimal moles still in the tree. */
  moles = 0;

  /** The tree of `lists` (moles of two or more items) over items below d. */
  constructor(d: number, lists: readonly MoleList[]) {
    let capacity = 1;
    this.mm = new Int32Array(d);
    for (const list of lists) {
      capacity += list.count * list.size;
      for (let i = 0; i < list.count; i++) for (const a of list.moleItems(i)) this.mm[a]++;
    }
    this.item = new Int32Array(capacity).fill(-1);
    this.parent = new Int32Array(capacity).fill(-1);
    this.child = new Int32Array(capacity).fill(-1);
    this.sibling = new Int32Array(capacity).fill(-1);
    this.link = new Int32Array(capacity).fill(-1);
    this.moleNum = new Int32Array(capacity);
    this.gone = new Uint8Array(capacity);
    this.head = new Int32Array(d).fill(-1);
    this.tail = new Int32Array(d).fill(-1);
    const mm = this.mm;
    const order = (a: number, b: number) => mm[b] - mm[a] || a - b;
    for (const list of lists)
      for (let i = 0; i < list.count; i++) {
        const mole = Array.from(list.moleItems(i)).sort(order);
        let node = 0;
        this.moleNum[0]++;
        for (const a of mole) {
          node = this.childOf(node, a);
          this.moleNum[node]++;
        }
        this.moles++;
      }
  }

  /** The child of `node` for item a, made (and linked into a's node-link) when missing. */
  private childOf(node: number, a: number): number {
    for (let c = this.child[node]; c >= 0; c = this.sibling[c]) if (this.item[c] === a) return c;
    const c = this.nodes++;
    this.item[c] = a;
    this.parent[c] = node;
    this.sibling[c] = this.child[node];
    this.child[node] = c;
    if (this.head[a] < 0) this.head[a] = c;
    else this.link[this.tail[a]] = c;
    this.tail[a] = c;
    return c;
  }

  /** Nodes in the tree (the root included), for the notes. */
  get size(): number {
    return this.nodes;
  }

  /**
   * Suppresses item e: every minimal mole holding e leaves the tree, MM of their items drops by
   * as many. Returns how many moles left.
   */
  suppress(e: number): number {
    let removed = 0;
    for (let w = this.head[e]; w >= 0; w = this.link[w]) {
      if (this.gone[w] === 1) continue;
      const count = this.moleNum[w];
      this.removeSubtree(w);
      for (let v = this.parent[w]; v >= 0; v = this.parent[v]) {
        this.moleNum[v] -= count;
        if (v === 0) break;
        this.mm[this.item[v]] -= count;
        if (this.moleNum[v] === 0) this.gone[v] = 1;
      }
      removed += count;
    }
    this.head[e] = -1;
    this.moles -= removed;
    return removed;
  }

  /** Marks the subtree at w gone, each node's moles taken off MM of its item. */
  private removeSubtree(w: number): void {
    const stack = [w];
    while (stack.length > 0) {
      const u = stack.pop()!;
      if (this.gone[u] === 1) continue;
      this.gone[u] = 1;
      this.mm[this.item[u]] -= this.moleNum[u];
      this.moleNum[u] = 0;
      for (let c = this.child[u]; c >= 0; c = this.sibling[c]) stack.push(c);
    }
  }

  /**
   * The nodes still in the tree in depth-first order, the root first (item -1), each with its
   * parent's place in that order (-1 for the root) and its moleNum (the teaching stepper's drawing).
   */
  liveNodes(): { item: number; parent: number; moleNum: number }[] {
    const out: { item: number; parent: number; moleNum: number }[] = [];
    const stack: [number, number][] = [[0, -1]];
    while (stack.length > 0) {
      const [node, parent] = stack.pop()!;
      const place = out.length;
      out.push({ item: this.item[node], parent, moleNum: this.moleNum[node] });
      const children: number[] = [];
      for (let c = this.child[node]; c >= 0; c = this.sibling[c]) if (this.gone[c] === 0) children.push(c);
      for (const c of children) stack.push([c, place]);
    }
    return out;
  }

  /** The moles still in the tree, as item lists in tree order (for the teaching stepper and tests). */
  remaining(): number[][] {
    const out: number[][] = [];
    const walk = (node: number, path: number[]) => {
      let leaf = true;
      for (let c = this.child[node]; c >= 0; c = this.sibling[c]) {
        if (this.gone[c] === 1) continue;
        leaf = false;
        walk(c, [...path, this.item[c]]);
      }
      if (leaf && node !== 0) out.push(path);
    };
    walk(0, []);
    return out;
  }
}
