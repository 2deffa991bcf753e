/**
 * Anonymization (Lin et al., Alg. 3) for one segment: candidate groups are taken in ascending IL
 * (ties in loop order); a group becomes an equivalence class when none of its rows is in a class
 * already (lines 6-12: the chosen group removes every group it intersects). Each row left over is
 * then added to the class whose centre is nearest (lines 13-15, ties to the first class) and is
 * published as that centre; the centre is not recomputed. A class's IL sums its rows' distances.
 */
import { symmetricDifference } from '../../data/rowDistance.ts';
import type { CandidateGroup } from './mapAndVote.ts';

export interface EquivalenceClass {
  /** Segment indices of the members: the group's rows, then the rows assigned later. */
  members: number[];
  center: number[];
  il: number;
}

/** A recorded run's account of Alg. 3: the groups in the order taken up, and where leftovers went. */
export interface ClassLog {
  taken: { group: CandidateGroup; formed: boolean }[];
  joins: { row: number; distances: number[] }[];
}

export function formClasses(
  groups: readonly CandidateGroup[],
  size: number,
  rowItems: (member: number) => ArrayLike<number>,
  log?: ClassLog,
): EquivalenceClass[] {
  const inClass = new Uint8Array(size);
  const classes: EquivalenceClass[] = [];
  const byLoss = [...groups].sort((a, b) => a.il - b.il || a.at - b.at);
  for (const group of byLoss) {
    const formed = !group.members.some((m) => inClass[m]);
    log?.taken.push({ group, formed });
    if (!formed) continue;
    for (const m of group.members) inClass[m] = 1;
    classes.push({ members: [...group.members], center: group.center, il: group.il });
  }
  for (let row = 0; row < size; row++) {
    if (inClass[row]) continue;
    let best = 0;
    let bestDistance = Infinity;
    const distances: number[] | undefined = log && [];
    classes.forEach((c, index) => {
      const d = symmetricDifference(rowItems(row), c.center);
      distances?.push(d);
      if (d < bestDistance) {
        bestDistance = d;
        best = index;
      }
    });
    log?.joins.push({ row, distances: distances! });
    classes[best].members.push(row);
    classes[best].il += bestDistance;
  }
  return classes;
}
