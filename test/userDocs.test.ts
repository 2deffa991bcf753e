/**
 * The user's documentation stays what a newcomer can follow: a short README whose links reach
 * every page under docs/, and no issue numbers (the team's bookkeeping) in what users read.
 * Engineering notes (notes/, CONTRIBUTING.md, ARCHITECTURE.md) are not held to this.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const pages = readdirSync('docs').filter((name) => name.endsWith('.md'));

describe('user docs', () => {
  it('the README is under 300 lines and links every page of docs/', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
    const unlinked = pages.filter((name) => !readme.includes(`docs/${name}`));
    expect(unlinked).toEqual([]);
  });

  it('no issue numbers in the README or docs/', () => {
    const said = ['README.md', ...pages.map((name) => `docs/${name}`)].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bissues? #?\d+\b/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(said).toEqual([]);
  });
});
