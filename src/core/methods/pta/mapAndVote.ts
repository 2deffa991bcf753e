/**
 * MapAndMajorityVote (Lin et al., Alg. 2): every node v_i of the segment's loop maps to a candidate
 * group of k consecutive nodes around it on the cycle: `range = floor((k-1)/2) + (k-1) % 2`, the
 * nodes i-(range-1)..i+(range-1), then for odd k both nodes at distance `range`, for even k the
 * one of them nearer to v_i (ties to the successor, line 11's strict <). The group's centre is the
 * majority vote of its rows (an item is in the centre when more than k/2 rows hold it, lines 20-24)
 * and its IL is the sum of the Hamming distances of its rows to the centre (lines 25-26).
 */
import { symmetricDifference } from '../../data/rowDistance.ts';

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
): CandidateGroup[] {
  const size = path.length;
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
    const center = majorityCenter(members.map(rowItems), k);
    let il = 0;
    for (const member of members) il += symmetricDifference(rowItems(member), center);
    return { at: i, members, center, il };
  });
}

/** Items held by more than k/2 of `rows` (each an ascending id list), ascending. */
export function majorityCenter(rows: readonly ArrayLike<number>[], k: number): number[] {
  const votes = new Map<number, number>();
  for (const row of rows)
    for (let t = 0; t < row.length; t++) votes.set(row[t], (votes.get(row[t]) ?? 0) + 1);
  const center: number[] = [];
  for (const [item, count] of votes) if (count > k / 2) center.push(item);
  return center.sort((a, b) => a - b);
}
