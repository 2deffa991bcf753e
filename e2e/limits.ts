/**
 * Wall-clock limits of the e2e tests: hang guards, never speed checks (test/limits.ts says why and
 * how they are sized: a 2-core box shared with another full `npm test`, ten times the margin of the
 * slowest time seen there). WORK_MS: a wait for work the page does (a parse, a run, a sweep, a
 * check); TEST_MS: a whole test (playwright.config.ts), above any of its waits.
 */
export const WORK_MS = 240_000;
export const TEST_MS = 900_000;
