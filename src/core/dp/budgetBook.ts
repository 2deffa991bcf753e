/**
 * One privacy budget per dataset, across releases (issue 45; DESIGN.md sec. 8 `--budget-file F`):
 * a book of the ε each dataset (by content hash, data/contentHash.ts) has spent on DP releases,
 * and the budget none may pass. Sequential composition (Dwork and Roth, Thm. 3.16): releases of
 * one dataset add up, whatever the method. A run is refused before it starts when what it asks
 * would take the dataset past the budget; once its release is verified, the ε its ledger spent
 * (at most what it asked) is entered. The book's JSON:
 * `{ "format": "txanon-budget/1", "budget": 2, "datasets": { "<sha256>": { "name": "BMS1.dat",
 * "releases": [ { "method": "privbayes", "epsilon": 1, "at": "2026-12-07T16:00:00.000Z" } ] } } }`.
 * Sums are exact (dp/rational.ts over each ε's decimal), so 0.1 + 0.2 spends exactly 0.3.
 */
import { InputError } from '../base/errors.ts';
import { add, compare, parseDecimal, toUpperDouble, ZERO, type Rational } from './rational.ts';

export interface BudgetEntry {
  method: string;
  epsilon: number;
  at: string;
}

export interface BudgetBook {
  format: 'txanon-budget/1';
  budget: number;
  datasets: Record<string, { name: string; releases: BudgetEntry[] }>;
}

export function newBudgetBook(budget: number): BudgetBook {
  return { format: 'txanon-budget/1', budget, datasets: {} };
}

export function parseBudgetBook(text: string, file: string): BudgetBook {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const book = value as Partial<BudgetBook> | null;
  if (!book || book.format !== 'txanon-budget/1')
    throw new InputError(`${file}: not a budget file (expected "format": "txanon-budget/1")`);
  if (typeof book.budget !== 'number' || !(book.budget > 0))
    throw new InputError(`${file}: "budget" must be a positive number`);
  if (typeof book.datasets !== 'object' || book.datasets === null)
    throw new InputError(`${file}: "datasets" must be an object`);
  for (const [hash, entry] of Object.entries(book.datasets))
    if (
      !Array.isArray(entry?.releases) ||
      entry.releases.some(
        (r) => typeof r?.epsilon !== 'number' || !(r.epsilon >= 0) || typeof r.method !== 'string',
      )
    )
      throw new InputError(`${file}: datasets.${hash}.releases must list { method, epsilon, at }`);
  return book as BudgetBook;
}

/** The ε a dataset has spent, exactly. */
export function spentOn(book: BudgetBook, hash: string): Rational {
  return (book.datasets[hash]?.releases ?? []).reduce<Rational>(
    (sum, r) => add(sum, parseDecimal(r.epsilon)),
    ZERO,
  );
}

/** Where a dataset stands if a run asking `asked` were made: spent, after it, and whether it passes. */
export interface BudgetStanding {
  /** The ε spent so far (upper-rounded to a double for showing). */
  spent: number;
  /** The ε spent after the run (upper-rounded). */
  after: number;
  budget: number;
  /** The run would take the dataset past its budget (exact comparison). */
  over: boolean;
}

/** The page and the CLI ask the same question (issue 45): one rule, exact in rationals. */
export function budgetStanding(book: BudgetBook, hash: string, asked: number): BudgetStanding {
  const spent = spentOn(book, hash);
  const after = add(spent, parseDecimal(asked));
  return {
    spent: toUpperDouble(spent),
    after: toUpperDouble(after),
    budget: book.budget,
    over: compare(after, parseDecimal(book.budget)) > 0,
  };
}

/** Refuses (InputError: exit 2) a run asking `asked` that would take the dataset past the budget. */
export function checkBudget(book: BudgetBook, hash: string, asked: number, file: string, name: string): void {
  const { spent, after, over } = budgetStanding(book, hash, asked);
  if (over)
    throw new InputError(
      `${file}: ${name} has spent ε ${spent} of its budget ${book.budget}; this run asks ε ${asked}, which would bring it to ${after}. Refused: nothing was run (raise "budget" in the file only if the data's owner agrees).`,
    );
}

/** The book with one more release of `hash` entered. */
export function recordRelease(book: BudgetBook, hash: string, name: string, entry: BudgetEntry): BudgetBook {
  const before = book.datasets[hash] ?? { name, releases: [] };
  return {
    ...book,
    datasets: { ...book.datasets, [hash]: { ...before, releases: [...before.releases, entry] } },
  };
}
