/**
 * `--budget-file F [--budget X]` (issue 45; DESIGN.md sec. 8): one privacy budget per dataset across
 * DP releases (core/dp/budgetBook.ts). The book is read (or, when F does not exist, started with
 * `--budget X`, which is required then), the run refused (exit 2, naming spent, asked and budget)
 * when the ε it asks would take the dataset past the budget, and the ε its ledger spent entered
 * once the release is written. `--budget` with an existing book must agree with it: a budget is
 * raised by editing the file, never by a flag of one run.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../core/base/errors.ts';
import { datasetContentHash } from '../core/data/contentHash.ts';
import type { Dataset } from '../core/data/dataset.ts';
import { checkBudget, newBudgetBook, parseBudgetBook, recordRelease } from '../core/dp/budgetBook.ts';
import type { FlagSpec } from './flagSpec.ts';
import { readTextFile } from './fileErrors.ts';
import type { FlagValues } from './readCommandLine.ts';
import { writeTextFile } from './writePieces.ts';

export const BUDGET_FLAGS: FlagSpec[] = [
  {
    name: 'budget-file',
    kind: 'string',
    value: 'FILE',
    help: 'the ε each dataset (by content hash) has spent across DP releases: the run is refused past the budget, its ε entered after',
  },
  {
    name: 'budget',
    kind: 'number',
    greaterThan: 0,
    value: 'X',
    help: 'the ε budget per dataset of a new --budget-file',
  },
];

export interface BudgetCheck {
  /** Enters the release's spent ε in the book and writes it. */
  enter(method: string, epsilon: number): void;
}

export function budgetBookFor(
  values: FlagValues,
  dataset: Dataset,
  file: string,
  asked: number,
): BudgetCheck | undefined {
  const path = values.string('budget-file');
  const given = values.number('budget');
  if (!path) {
    if (given !== undefined) throw new InputError('--budget applies only with --budget-file FILE');
    return undefined;
  }
  let book;
  if (existsSync(path)) {
    book = parseBudgetBook(readTextFile(path, '--budget-file'), path);
    if (given !== undefined && given !== book.budget)
      throw new InputError(
        `--budget ${given}: ${path} holds the budget ${book.budget}; a budget is changed by editing its file, not by one run`,
      );
  } else if (given === undefined)
    throw new InputError(`--budget-file ${path} does not exist yet: give --budget X to start it`);
  else book = newBudgetBook(given);
  const hash = datasetContentHash(dataset);
  const name = basename(file);
  checkBudget(book, hash, asked, path, name);
  return {
    enter(method, epsilon) {
      const next = recordRelease(book, hash, name, { method, epsilon, at: new Date().toISOString() });
      writeTextFile(path, `${JSON.stringify(next, null, 1)}\n`);
    },
  };
}
