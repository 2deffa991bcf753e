/**
 * One privacy budget per dataset in the page (issue 45), the CLI's `--budget-file` held in
 * localStorage: the ε each loaded dataset (by its content hash, data/contentHash.ts, computed in a
 * worker) has spent on differential-privacy releases, and the budget the user set. The book is the
 * CLI's own (core/dp/budgetBook.ts, format `txanon-budget/1`): the same sums (exact, sequential
 * composition), the same test before a run (budgetStanding), the same entry after it (the ε the
 * verified release's ledger spent), so a book downloaded here is a `--budget-file` and a budget
 * file loaded here goes on being kept here. Until a budget is set, the page counts and shows what
 * was spent and asks nothing.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  budgetStanding,
  newBudgetBook,
  recordRelease,
  type BudgetBook,
  type BudgetStanding,
} from '../../core/dp/budgetBook.ts';
import { pool } from '../engineClient.ts';
import { quietStorage } from './formStore.ts';

/** The book as kept: the CLI's, with the budget unset until the user sets one. */
interface KeptBook {
  budget: number | null;
  datasets: BudgetBook['datasets'];
}

interface BudgetState extends KeptBook {
  /** Content hashes of the datasets loaded in this visit, by dataset id (not kept). */
  hashes: Record<string, string>;
  setBudget(budget: number | null): void;
  /** Replaces the book with a budget file (the CLI's), already parsed. */
  replaceBook(book: BudgetBook): void;
  /** The dataset's content hash, computed once per dataset in a worker. */
  hashOf(datasetId: string): Promise<string>;
  /** Enters a verified DP release's spent ε for the dataset. */
  enter(datasetId: string, name: string, method: string, epsilon: number): Promise<void>;
}

const hashJobs = new Map<string, Promise<string>>();

export const useBudget = create<BudgetState>()(
  persist(
    (set, get) => ({
      budget: null,
      datasets: {},
      hashes: {},
      setBudget: (budget) => set({ budget }),
      replaceBook: (book) => set({ budget: book.budget, datasets: book.datasets }),
      hashOf: (datasetId) => {
        const known = get().hashes[datasetId];
        if (known) return Promise.resolve(known);
        let job = hashJobs.get(datasetId);
        if (!job) {
          job = pool.run((api) => api.contentHash(datasetId));
          hashJobs.set(datasetId, job);
          job.then(
            (hash) => set((s) => ({ hashes: { ...s.hashes, [datasetId]: hash } })),
            () => hashJobs.delete(datasetId),
          );
        }
        return job;
      },
      enter: async (datasetId, name, method, epsilon) => {
        const hash = await get().hashOf(datasetId);
        const next = recordRelease(bookOf(get()), hash, name, {
          method,
          epsilon,
          at: new Date().toISOString(),
        });
        set({ datasets: next.datasets });
      },
    }),
    {
      name: 'txanon-privacy-budget',
      version: 1,
      storage: createJSONStorage(() => quietStorage),
      partialize: ({ budget, datasets }) => ({ budget, datasets }),
    },
  ),
);

/** The kept book as the CLI's (a budget is required there: an unset one is written as none). */
export function bookOf(kept: KeptBook): BudgetBook {
  return { ...newBudgetBook(kept.budget ?? Number.MAX_VALUE), datasets: kept.datasets };
}

/** What one dataset has spent and would spend with a run asking `asked` (no budget: never over). */
export function standingOf(
  kept: KeptBook,
  hash: string,
  asked: number,
): BudgetStanding & { releases: number; budgetSet: boolean } {
  const releases = kept.datasets[hash]?.releases.length ?? 0;
  const standing = budgetStanding(bookOf(kept), hash, Number.isFinite(asked) && asked >= 0 ? asked : 0);
  return kept.budget === null
    ? { ...standing, budget: Infinity, over: false, releases, budgetSet: false }
    : { ...standing, releases, budgetSet: true };
}
