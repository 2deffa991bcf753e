/**
 * When PatternKa searches for the longest closed patterns and when it takes the greedy dive alone
 * (longestClosedPatterns.ts; the work budget is MINING_WORK_BUDGET in index.ts). After a mining
 * the budget cut short, the next minings take the greedy dive alone (the search
 * would most likely be cut again, its budget spent for the dive's pattern): 1, then 2, 4, 8, ...
 * of them while searches keep being cut, the search tried again in between; a search that runs to
 * its end resets the count. Deterministic, as the budget is.
 */

export class SearchBackoff {
  private skip = 0;
  private nextSkip = 1;

  searching(): boolean {
    if (this.skip === 0) return true;
    this.skip--;
    return false;
  }

  /** After a search: cut short, skip the next searches; complete, search every time again. */
  record(complete: boolean): void {
    if (complete) this.nextSkip = 1;
    else {
      this.skip = this.nextSkip;
      this.nextSkip *= 2;
    }
  }
}
