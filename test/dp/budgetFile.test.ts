/**
 * One budget per dataset (`--budget-file F`, issue 45; core/dp/budgetBook.ts, cli/budgetFlags.ts):
 * a new book needs `--budget`; DP runs on one dataset add up (the ledger's spent ε, exactly); a
 * run that would pass the budget is refused with exit 2 naming spent, asked and budget, and nothing
 * is written; the same data in another form (not compressed) is the same dataset (content hash);
 * another dataset has its own account; `--budget` cannot raise an existing book's budget; a
 * non-DP method refuses the flag.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  budgetStanding,
  newBudgetBook,
  parseBudgetBook,
  recordRelease,
  spentOn,
} from '../../src/core/dp/budgetBook.ts';
import { toUpperDouble } from '../../src/core/dp/rational.ts';
import { cliInProcess, scratch } from '../cliInProcess.ts';

const tmp = scratch('budget');
const MUSHROOM = 'test/data/mushroom.dat.gz';

describe('--budget-file', () => {
  it('adds up the releases of one dataset and refuses past the budget (exit 2)', async () => {
    const book = tmp.path('budget.json');
    const plain = tmp.file('mushroom.dat', gunzipSync(readFileSync(MUSHROOM)).toString('utf8'));
    const anonymize = (file: string, method: string, epsilon: string, ...more: string[]) =>
      cliInProcess(
        'anonymize',
        file,
        '--method',
        method,
        '--epsilon',
        epsilon,
        '--out',
        tmp.path('r.json'),
        '--budget-file',
        book,
        ...more,
      );

    const noBudget = await anonymize(MUSHROOM, 'privbasis', '0.5');
    expect(noBudget.code).toBe(2);
    expect(noBudget.stderr).toMatch(/does not exist yet: give --budget X/);

    expect((await anonymize(MUSHROOM, 'privbasis', '0.5', '--budget', '1.5')).code).toBe(0);
    // The same data uncompressed: the same dataset, the same account.
    expect((await anonymize(plain, 'privbasis', '0.75')).code).toBe(0);
    const read = () => parseBudgetBook(readFileSync(book, 'utf8'), book);
    const hashes = Object.keys(read().datasets);
    expect(hashes).toHaveLength(1);
    expect(toUpperDouble(spentOn(read(), hashes[0]))).toBe(1.25);

    const refused = await anonymize(MUSHROOM, 'privbayes', '0.5');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'has spent ε 1.25 of its budget 1.5; this run asks ε 0.5, which would bring it to 1.75',
    );
    expect(read().datasets[hashes[0]].releases).toHaveLength(2);

    const raise = await anonymize(MUSHROOM, 'privbayes', '0.25', '--budget', '10');
    expect(raise.code).toBe(2);
    expect(raise.stderr).toMatch(/changed by editing its file/);

    // Another dataset: its own account.
    expect((await anonymize('test/data/chess.dat.gz', 'privbasis', '1')).code).toBe(0);
    expect(Object.keys(read().datasets)).toHaveLength(2);

    const notDp = await cliInProcess(
      'anonymize',
      MUSHROOM,
      '--method',
      'pta',
      '--k',
      '2',
      '--out',
      tmp.path('p.json'),
      '--budget-file',
      book,
    );
    expect(notDp.code).toBe(2);
    expect(notDp.stderr).toMatch(/not a differential-privacy method/);
    expect(existsSync(tmp.path('p.json'))).toBe(false);
  });
});

describe('budgetStanding (the page and the CLI ask it alike)', () => {
  it('adds exactly: 0.1 + 0.2 fits a budget of 0.3, a hair more does not', () => {
    let book = newBudgetBook(0.3);
    book = recordRelease(book, 'h', 'f', { method: 'privbayes', epsilon: 0.1, at: '' });
    const standing = budgetStanding(book, 'h', 0.2);
    expect(standing).toMatchObject({ spent: 0.1, budget: 0.3, over: false });
    // Shown upper-rounded: the double at or above 3/10 (never below what was spent).
    expect(standing.after).toBeCloseTo(0.3, 15);
    expect(standing.after).toBeGreaterThanOrEqual(0.3);
    expect(budgetStanding(book, 'h', 0.2000001).over).toBe(true);
    // Another dataset's spending is its own.
    expect(budgetStanding(book, 'other', 0.3).over).toBe(false);
  });
});
