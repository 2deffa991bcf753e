// Prints one closing line, "tests: N passed, M failed", from Vitest's and Playwright's JSON reports.
// A missing report counts as one failure: a runner that did not report did not pass.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const [vitestReport, playwrightReport] = process.argv.slice(2);

if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
} else failed++;

if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
} else failed++;

console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
