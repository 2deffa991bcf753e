/**
 * MapAndMajorityVote (Lin et al., Alg. 2): every node v_i of the segment's loop maps to a candidate
 * group of k consecutive nodes around it on the cycle: `range = floor((k-1)/2) + (k-1) % 2`, the
 * nodes i-(range-1)..i+(range-1), then for odd k both nodes at distance `range`, for even k the
 * one of them nearer to v_i (ties to the successor, line 11's strict <). The group's centre is the
 * majority vote of its rows (an item is in the centre when more than k/2 rows hold it, lines 20-24)
 * and its IL is the sum of the Hamming distances of its rows to the centre (lines 25-26).
 * The groups of consecutive nodes share all but two of their core members, so the votes are kept
 * for a window that slides along the cycle (one row in, one out per node; the nodes at distance
 * `range` added and taken out again), and the IL comes from the votes: sum over the members of
 * |row Δ centre| = sum of |row| + k |centre| - 2 (sum over the centre's items of their votes). On
 * PTA's segments at k = 100 that is two rows' items per group instead of a hundred rows' and a
 * hundred merges; the centres and ILs are those of the plain vote (a property test compares).
 */
import { MajorityWindow } from './majorityWindow.ts';

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
  const votes = new MajorityWindow(itemCount, k);
  const range = Math.floor((k - 1) / 2) + ((k - 1) % 2);
  const at = (j: number) => path[((j % size) + size) % size];
  const add = (member: number) => votes.add(rowItems(member));
  const remove = (member: number) => votes.remove(rowItems(member));
  for (let j = -(range - 1); j <= range - 1; j++) add(at(j));
  return path.map((node, i) => {
    if (i > 0) {
      remove(at(i - range)); // left the core: now the node before it
      add(at(i + range - 1));
    }
    const members: number[] = [];
    for (let j = i - (range - 1); j <= i + (range - 1); j++) members.push(at(j));
    const before = at(i - range);
    const after = at(i + range);
    const extras: number[] = [];
    if (k % 2 === 1) {
      members.unshift(before);
      members.push(after);
      extras.push(before, after);
    } else if (distance(before, node) < distance(after, node)) {
      members.unshift(before);
      extras.push(before);
    } else {
      members.push(after);
      extras.push(after);
    }
    for (const extra of extras) add(extra);
    const center = votes.center();
    const il = votes.loss();
    for (const extra of extras) remove(extra);
    return { at: i, members, center, il };
  });
}
