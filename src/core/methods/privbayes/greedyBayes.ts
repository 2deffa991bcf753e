/**
 * GreedyBayes (PrivBayes, Zhang et al. SIGMOD 2014 / TODS 2017, Alg. 4 with degree k; cited from our
 * knowledge of the paper): the first attribute X_1 is chosen uniformly at random (line 2, no data
 * read); then for i = 2..N, every pair (X, Π) with X not yet in the network and Π a set of
 * min(k, i − 1) attributes already in it is a candidate (lines 4-6), and one is chosen by the
 * exponential mechanism on its score (line 7; structureScore.ts, the R score) at ε_structure/(N − 1)
 * per pick. `beforePick` charges each pick before it draws (check-then-spend); `observer` (a recorded
 * run's stepper) sees the first node and each pick's candidates with their scores.
 */
import type { RandomBits } from '../../dp/byteSource.ts';
import { exponentialMechanism } from '../../dp/exponentialMechanism.ts';
import type { SamplerFraction } from '../../dp/samplers.ts';
import { cellCounts, scoreOfCells } from './structureScore.ts';
import type { SubsetSupports } from './subsetSupports.ts';
import type { PickSeen } from './privBayesSteps.ts';

/** What a recorded run's stepper sees of the network growing (privBayesSteps.ts). */
export interface GreedyObserver {
  first(slot: number): void;
  pick(seen: Omit<PickSeen, 'rate'>): void;
}

/** A pick as the stepper shows it: the chosen pair, its score, and the best score offered. */
export interface Pick {
  child: number;
  parents: number[];
  score: number;
  best: number;
  candidates: number;
}

export interface GreedyNetwork {
  /** Slots in network order. */
  order: number[];
  /** parents[i]: positions (in `order`) of node i's parents. */
  parents: number[][];
  picks: Pick[];
}

/** Every `size`-subset of `from`, in lexicographic order of positions. */
export function combinations(from: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === size) {
      out.push([...current]);
      return;
    }
    for (let i = start; i <= from.length - (size - current.length); i++) {
      current.push(from[i]);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return out;
}

export function greedyBayes(
  supports: SubsetSupports,
  degree: number,
  bits: RandomBits,
  rate: SamplerFraction,
  beforePick: (pick: number) => void,
  progress: (fraction: number) => void = () => {},
  observer?: GreedyObserver,
): GreedyNetwork {
  const slots = supports.slots;
  const order = [bits.below(slots)];
  const position = new Int32Array(slots).fill(-1);
  position[order[0]] = 0;
  const parents: number[][] = [[]];
  const picks: Pick[] = [];
  const scratch = new Float64Array(8);
  observer?.first(order[0]);
  for (let i = 1; i < slots; i++) {
    const rest: number[] = [];
    for (let s = 0; s < slots; s++) if (position[s] < 0) rest.push(s);
    const parentSets = combinations(order, Math.min(degree, order.length));
    const scores = new Float64Array(parentSets.length * rest.length);
    let best = -Infinity;
    const size = 1 << (Math.min(degree, order.length) + 1);
    parentSets.forEach((set, p) =>
      rest.forEach((child, c) => {
        const score = scoreOfCells(cellCounts(supports, child, set, scratch), supports.n, size);
        scores[p * rest.length + c] = score;
        if (score > best) best = score;
      }),
    );
    beforePick(i - 1);
    const chosen = exponentialMechanism(bits, scores, rate);
    const child = rest[chosen % rest.length];
    const set = parentSets[Math.floor(chosen / rest.length)];
    position[child] = order.length;
    order.push(child);
    parents.push(set.map((s) => position[s]));
    picks.push({ child, parents: set, score: scores[chosen], best, candidates: scores.length });
    observer?.pick({ rest, parentSets, scores, chosen });
    progress(i / (slots - 1));
  }
  return { order, parents, picks };
}
