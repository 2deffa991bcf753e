/**
 * A clone with nothing beside it passes every test (DESIGN.md sec. 1): no unit or e2e test reads
 * the reference folder next to the repository. The data tests need is in test/data, gzip-compressed;
 * `.ci/run` also runs the whole suite in a fresh clone in an empty folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const OUTSIDE = ['..', 'shared'].join('/');
const ABSOLUTE = ['', 'work', 'shared'].join('/');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('bare clone', () => {
  it('no test, e2e test, config or script reads a folder beside the repository', () => {
    const checked = [
      ...files('test'),
      ...files('e2e'),
      ...files('scripts'),
      ...files('.ci'),
      'playwright.config.ts',
      'vite.config.ts',
    ].filter((f) => !f.endsWith('.gz'));
    const offenders = checked.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return text.includes(OUTSIDE) || text.includes(ABSOLUTE);
    });
    expect(checked.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('the test data the repository carries is small and compressed', () => {
    const data = files('test/data');
    expect(data.length).toBeGreaterThan(0);
    // gzip, or Parquet (compressed inside, column by column); an Arrow IPC fixture is a few kB.
    for (const file of data)
      if (!file.endsWith('.arrow') || statSync(file).size > 10_000) expect(file).toMatch(/\.(gz|parquet)$/);
    expect(data.reduce((sum, f) => sum + statSync(f).size, 0)).toBeLessThan(1_000_000);
  });
});
