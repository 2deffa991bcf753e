/**
 * The empirical privacy audit (ANCHORS "Privacy tests" 2-3; dp-notes §4.1): run a mechanism many
 * times on a dataset D and on its neighbour D' (one transaction added), count how often each output
 * event happens on each, and bound the privacy loss of every event from below with Clopper-Pearson
 * intervals: ln(lower(P_D(E)) / upper(P_D'(E))), and the same the other way. An ε-DP mechanism keeps
 * every such lower bound at most ε except with probability alpha (Bonferroni over the events and
 * both directions); a mechanism that spends more than it claims shows a bound above ε once it is
 * run often enough, which the tests demonstrate on a deliberately broken variant.
 */
import { clopperPearson } from './statistics.ts';

export interface AuditResult {
  /** The largest lower confidence bound on the privacy loss over the events and both directions. */
  loss: number;
  /** The event that gave it, and its counts on D and D'. */
  event: string;
  counts: [number, number];
  /** Events with enough hits to be bounded. */
  events: number;
}

/** Counts of each event over `runs` runs of `draw`, which names the events of one output. */
export function eventCounts(runs: number, draw: () => readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < runs; i++) for (const e of draw()) counts.set(e, (counts.get(e) ?? 0) + 1);
  return counts;
}

/**
 * The privacy loss the counts prove, with family-wise false-failure probability `alpha`: only
 * events seen at least `minHits` times on one side are bounded (rarer ones bound nothing useful).
 */
export function provenLoss(
  onD: Map<string, number>,
  onNeighbour: Map<string, number>,
  runs: number,
  alpha: number,
  minHits = 200,
): AuditResult {
  const events = [...new Set([...onD.keys(), ...onNeighbour.keys()])].filter(
    (e) => (onD.get(e) ?? 0) >= minHits || (onNeighbour.get(e) ?? 0) >= minHits,
  );
  // Each event, each direction: one lower and one upper bound, each failing with alpha / 2 / pairs.
  const each = alpha / Math.max(1, 2 * events.length);
  let best: AuditResult = { loss: -Infinity, event: '', counts: [0, 0], events: events.length };
  for (const e of events) {
    const a = onD.get(e) ?? 0;
    const b = onNeighbour.get(e) ?? 0;
    const ca = clopperPearson(a, runs, each);
    const cb = clopperPearson(b, runs, each);
    for (const loss of [Math.log(ca.lower / cb.upper), Math.log(cb.lower / ca.upper)])
      if (loss > best.loss) best = { loss, event: e, counts: [a, b], events: events.length };
  }
  return best;
}
