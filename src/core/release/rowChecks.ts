/**
 * Checks of published rows that every release kind shares (DESIGN.md sec. 4: "items as tokens"):
 * a published row names each item once, and only items the input has (or, in a `generalized`
 * release, the labels it declares), and holds the tokens its input row maps to. A verifier reports
 * the first offenders and counts the rest.
 */

/** What is wrong with one published row, or null. `known` says which tokens may appear. */
export function rowProblem(row: readonly string[], known: (token: string) => boolean): string | null {
  const seen = new Set<string>();
  for (const token of row) {
    if (seen.has(token)) return `repeats item ${token}`;
    seen.add(token);
    if (!known(token)) return `holds ${token}, which is no item of the input`;
  }
  return null;
}

/**
 * Whether two rows hold the same tokens, each as many times, in any order (what comparing the two
 * rows sorted says). Methods publish a row in the order its input row lists its items, so the
 * common prefix is skipped first and only the rest, usually nothing, is sorted.
 */
export function sameTokens(expected: readonly string[], published: readonly string[]): boolean {
  if (expected.length !== published.length) return false;
  let i = 0;
  while (i < expected.length && expected[i] === published[i]) i++;
  if (i === expected.length) return true;
  const a = expected.slice(i).sort();
  const b = published.slice(i).sort();
  return a.every((token, j) => token === b[j]);
}

/** Collects problems of one sort, keeping the first `limit` and counting the rest. */
export class ProblemList {
  private readonly kept: string[] = [];
  private count = 0;

  constructor(
    private readonly limit = 5,
    private readonly more = 'more rows like it',
  ) {}

  add(problem: string): void {
    if (this.count++ < this.limit) this.kept.push(problem);
  }

  get size(): number {
    return this.count;
  }

  list(): string[] {
    return this.count > this.limit
      ? [...this.kept, `… and ${this.count - this.limit} ${this.more}`]
      : this.kept;
  }
}
