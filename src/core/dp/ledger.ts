/**
 * The privacy-budget ledger of a differentially private run (DESIGN.md sec. 4; ANCHORS "Ledger and
 * composition"): one immutable entry per noisy quantity, {mechanism, sensitivity, scale, epsilon},
 * whose epsilon is computed from the sensitivity and the scale by the mechanism's privacy map
 * (never passed in by hand; OpenDP's `NoisePrivacyMap`), exactly, in rationals, and written upward
 * rounded. A charge is checked against the budget before it is spent (check-then-spend, as
 * diffprivlib's accountant raises before it spends): a run that would exceed its epsilon stops
 * with an error instead of publishing.
 *
 * Composition (Dwork and Roth, "The Algorithmic Foundations of Differential Privacy", Thm. 3.16 and
 * McSherry's parallel composition): each entry has a scope, a path such as `3/12` naming the records
 * it touches; entries whose scopes lie on one path (one is a prefix of the other) compose
 * sequentially, and entries on different branches touch disjoint records and compose in parallel.
 * The total is the largest sum along a path. PrivBasis spends everything at the root scope ''
 * (plain sequential composition); DiffPart scopes each split's charges by its partition, so a
 * transaction pays only along the one root-to-leaf path it follows (Chen et al. Sec. 4.2).
 */
import {
  add,
  compare,
  formatRational,
  parseRational,
  rational,
  toUpperDouble,
  ZERO,
  type Rational,
} from './rational.ts';

/**
 * - `discrete-laplace`: integer noise P(z) ∝ exp(-|z|/scale) on a count vector of L1 sensitivity Δ:
 *   epsilon = Δ / scale (Ghosh, Roughgarden, Sundararajan, STOC 2009);
 * - `exponential`: P(r) ∝ exp(q(r)/scale) for a score of sensitivity Δ: epsilon = 2Δ / scale
 *   (McSherry and Talwar 2007);
 * - `exponential-monotone`: the same for a score that moves one way when a record is added:
 *   epsilon = Δ / scale (Dwork and Roth, Remark after Thm. 3.10).
 */
export const MECHANISMS = ['discrete-laplace', 'exponential', 'exponential-monotone'] as const;
export type Mechanism = (typeof MECHANISMS)[number];

export interface LedgerEntry {
  readonly id: number;
  /** What was noised, in words. */
  readonly label: string;
  readonly mechanism: Mechanism;
  /** L1 sensitivity of the noised vector, or of the score (an integer). */
  readonly sensitivity: number;
  /** The noise scale, exactly, as "n/d" or "n". */
  readonly scale: string;
  /** The privacy map's epsilon of (sensitivity, scale), rounded up to a double. */
  readonly epsilon: number;
  /** The records it touches (see the module comment); '' for all of them. */
  readonly scope: string;
  /** Where the paper charges it. */
  readonly cite: string;
}

/** A ledger as a release header carries it. */
export interface Ledger {
  /** The epsilon the run was asked to spend at most. */
  readonly epsilon: number;
  /** The composed total, rounded up; at most `epsilon`. */
  readonly total: number;
  readonly entries: readonly LedgerEntry[];
  /** A ledger merged from runs on disjoint parts of the input (parallelLedger.ts). */
  readonly parallel?: ParallelParts;
}

/**
 * Parallel composition over disjoint parts, stated (McSherry, PINQ, SIGMOD 2009, Thm. 4): the split
 * that chose each input row's part from that row alone, its key, and per part the scope all of that
 * part's entries lie under and the epsilon they compose to. The whole's epsilon (the ledger's total)
 * is the largest part's. Every charge is pure epsilon (no delta); a delta would compose the same
 * way, the largest part's.
 */
export interface ParallelParts {
  /** The row-wise split (dp/itemHashSplit.ts). */
  readonly split: string;
  /** Its key: the run's seed. */
  readonly key: number;
  readonly parts: readonly { readonly scope: string; readonly epsilon: number }[];
}

/** The privacy map: the exact epsilon of a mechanism at (sensitivity, scale). */
export function epsilonOf(mechanism: Mechanism, sensitivity: number, scale: Rational): Rational {
  if (!Number.isSafeInteger(sensitivity) || sensitivity < 0)
    throw new RangeError(`a sensitivity is a non-negative integer, got ${sensitivity}`);
  if (sensitivity === 0) return ZERO;
  if (scale.n <= 0n) throw new RangeError('a noise scale of 0 spends an infinite epsilon');
  const factor = mechanism === 'exponential' ? 2 : 1;
  return rational(BigInt(factor * sensitivity) * scale.d, scale.n);
}

/** True when scope a lies on the path to b (a is b or one of its ancestors). */
export function scopeCovers(a: string, b: string): boolean {
  return a === '' || a === b || b.startsWith(`${a}/`);
}

/** The proper ancestors of a scope, the root '' first. */
function ancestorsOf(scope: string): string[] {
  if (scope === '') return [];
  const parts = scope.split('/');
  return ['', ...parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'))];
}

export class BudgetExceededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

export interface Charge {
  label: string;
  mechanism: Mechanism;
  sensitivity: number;
  scale: Rational;
  scope?: string;
  cite: string;
}

/**
 * A run's budget: `spend` checks a charge against epsilon along its scope's path, then records it.
 * Charges are made top-down (no charge below a scope that already has deeper charges).
 */
export class PrivacyBudget {
  private readonly recorded: LedgerEntry[] = [];
  /** Exact epsilon summed along the path to each scope that holds a charge. */
  private readonly pathSpent = new Map<string, Rational>();
  private readonly hasDeeper = new Set<string>();
  private total: Rational = ZERO;

  constructor(
    readonly epsilon: Rational,
    /** The epsilon as the user asked for it (the header's number). */
    readonly asked: number,
  ) {}

  /** Epsilon spent along the path to `scope`, exactly. */
  spentAt(scope: string): Rational {
    if (this.pathSpent.has(scope)) return this.pathSpent.get(scope)!;
    const ancestors = ancestorsOf(scope);
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const spent = this.pathSpent.get(ancestors[i]);
      if (spent) return spent;
    }
    return ZERO;
  }

  spend(charge: Charge): LedgerEntry {
    const scope = charge.scope ?? '';
    const epsilon = epsilonOf(charge.mechanism, charge.sensitivity, charge.scale);
    if (this.hasDeeper.has(scope))
      throw new Error(`ledger: a charge at scope '${scope}' after charges below it (charges go top-down)`);
    const after = add(this.spentAt(scope), epsilon);
    if (compare(after, this.epsilon) > 0)
      throw new BudgetExceededError(
        `privacy budget exceeded: ${charge.label} would bring the path to '${scope}' to ${toUpperDouble(after)} > epsilon ${this.asked}`,
      );
    const entry: LedgerEntry = {
      id: this.recorded.length,
      label: charge.label,
      mechanism: charge.mechanism,
      sensitivity: charge.sensitivity,
      scale: formatRational(charge.scale),
      epsilon: toUpperDouble(epsilon),
      scope,
      cite: charge.cite,
    };
    this.recorded.push(entry);
    this.pathSpent.set(scope, after);
    for (const a of ancestorsOf(scope)) this.hasDeeper.add(a);
    if (compare(after, this.total) > 0) this.total = after;
    return entry;
  }

  /** The ledger for the release header. */
  ledger(): Ledger {
    return { epsilon: this.asked, total: toUpperDouble(this.total), entries: [...this.recorded] };
  }

  /** The composed total, exactly. */
  spent(): Rational {
    return this.total;
  }
}

/** What recomputing a ledger from its entries finds (ledgerCheck's result). */
export interface LedgerAudit {
  /** The composed total, exactly, from each entry's sensitivity and scale. */
  total: Rational;
  problems: string[];
}

/**
 * Recomputes a ledger: each entry's epsilon from its mechanism, sensitivity and scale (the written
 * epsilon must be that value rounded up), the composed total along every scope's path, and the
 * written total. Whether the total is within the asked epsilon is the caller's (the verifier's)
 * comparison.
 */
export function recomputeLedger(ledger: Ledger): LedgerAudit {
  const problems: string[] = [];
  const atScope = new Map<string, Rational>();
  ledger.entries.forEach((entry, i) => {
    const where = `ledger entry ${i} (${entry.label})`;
    if (entry.id !== i) problems.push(`${where}: id ${entry.id}, expected ${i}`);
    if (!(MECHANISMS as readonly string[]).includes(entry.mechanism)) {
      problems.push(`${where}: unknown mechanism '${entry.mechanism}'`);
      return;
    }
    const scale = parseRational(entry.scale);
    if (!scale || scale.n <= 0n) {
      problems.push(`${where}: scale '${entry.scale}' is not a positive rational n/d`);
      return;
    }
    if (!Number.isSafeInteger(entry.sensitivity) || entry.sensitivity < 0) {
      problems.push(`${where}: sensitivity ${entry.sensitivity} is not a non-negative integer`);
      return;
    }
    const epsilon = epsilonOf(entry.mechanism, entry.sensitivity, scale);
    if (entry.epsilon !== toUpperDouble(epsilon))
      problems.push(
        `${where}: epsilon ${entry.epsilon} does not match its scale ${entry.scale} and sensitivity ${entry.sensitivity} (${entry.mechanism}: ${toUpperDouble(epsilon)})`,
      );
    atScope.set(entry.scope, add(atScope.get(entry.scope) ?? ZERO, epsilon));
  });
  const total = composedTotal(atScope);
  if (ledger.total !== toUpperDouble(total))
    problems.push(
      `ledger total ${ledger.total} is not the composed total of its entries (${toUpperDouble(total)})`,
    );
  return { total, problems };
}

/** The largest sum of epsilon along a path, given the exact epsilon spent at each scope. */
export function composedTotal(atScope: ReadonlyMap<string, Rational>): Rational {
  let total: Rational = ZERO;
  for (const scope of atScope.keys()) {
    let path: Rational = atScope.get(scope)!;
    for (const a of ancestorsOf(scope)) path = add(path, atScope.get(a) ?? ZERO);
    if (compare(path, total) > 0) total = path;
  }
  return total;
}

/** The exact epsilon of an entry as its mechanism, sensitivity and scale give it (undefined if unreadable). */
export function entryEpsilon(entry: LedgerEntry): Rational | undefined {
  const scale = parseRational(entry.scale);
  if (!scale || scale.n <= 0n || !Number.isSafeInteger(entry.sensitivity) || entry.sensitivity < 0)
    return undefined;
  if (!(MECHANISMS as readonly string[]).includes(entry.mechanism)) return undefined;
  return epsilonOf(entry.mechanism, entry.sensitivity, scale);
}
