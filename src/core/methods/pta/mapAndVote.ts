/**
 * MapAndMajorityVote (Lin et al., Alg. 2): every node v_i of the segment's loop maps to a candidate
 * group of k consecutive nodes around it on the cycle: `range = floor((k-1)/2) + (k-1) % 2`, the
 * nodes i-(range-1)..i+(range-1), then for odd k both nodes at distance `range`, for even k the
 * one of them nearer to v_i (ties to the successor, line 11's strict <). The group's centre is the
 * majority vote of its rows (an item is in the centre when more than k/2 rows hold it, lines 20-24)
 * and its IL is the sum of the Hamming distances of its rows to the centre (lines 25-26).
 */
import { symmetricDifference } from '../../data/rowDistance.ts';
import { SparseCounts } from '../../data/sparseCounts.ts';

export interface CandidateGroup {
  /** Position of v_i in the loop. */
  at: number;
  /** Segment indices of the members, in cycle order. */
  members: number[];
  /** Item ids of the centre, ascending. */
  center: number[];
  il: number;
}

export function candidateGroups(
  path: readonly number[],
  k: number,
  rowItems: (member: number) => ArrayLike<number>,
  distance: (a: number, b: number) => number,
  itemCount: number,
): CandidateGroup[] {
  const size = path.length;
  const vote = new MajorityVote(itemCount);
  const range = Math.floor((k - 1) / 2) + ((k - 1) % 2);
  const at = (j: number) => path[((j % size) + size) % size];
  return path.map((node, i) => {
    const members: number[] = [];
    for (let j = i - (range - 1); j <= i + (range - 1); j++) members.push(at(j));
    const before = at(i - range);
    const after = at(i + range);
    if (k % 2 === 1) {
      members.unshift(before);
      members.push(after);
    } else if (distance(before, node) < distance(after, node)) members.unshift(before);
    else members.push(after);
    const center = vote.center(members, rowItems, k);
    let il = 0;
    for (const member of members) il += symmetricDifference(rowItems(member), center);
    return { at: i, members, center, il };
  });
}

/** The majority vote of a group's rows, counted in one array of item ids kept for every group. */
export class MajorityVote {
  private readonly votes: SparseCounts;

  constructor(itemCount: number) {
    this.votes = new SparseCounts(itemCount);
  }

  /** Items held by more than k/2 of the members' rows, ascending. */
  center(members: readonly number[], rowItems: (member: number) => ArrayLike<number>, k: number): number[] {
    const { votes } = this;
    for (const member of members) {
      const row = rowItems(member);
      for (let t = 0; t < row.length; t++) votes.add(row[t]);
    }
    const center = votes.met.filter((item) => votes.counts[item] > k / 2);
    votes.clear();
    return center.sort((a, b) => a - b);
  }
}
