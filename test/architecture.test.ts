/**
 * The layout rules of DESIGN.md sec. 1, checked on the source tree: imports in src/core point down
 * the floors (base <- data <- dp <- release <- teach <- methods <- metrics <- attack <- run <- experiment/check/distribute), no method
 * folder imports another method's folder, and the page imports no value from core/methods or
 * core/data/parsers (so no algorithm lands in its main bundle; eslint forbids the same).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FLOORS = [
  'base',
  'data',
  'dp',
  'release',
  'teach',
  'methods',
  'metrics',
  'attack',
  'run',
  'experiment',
  'check',
  'distribute',
];
/** check and distribute (partitions and their merge, issue 35) are the experiment's peers: the top floor. */
const floorRank = (floor: string) =>
  floor === 'check' || floor === 'distribute' ? FLOORS.indexOf('experiment') : FLOORS.indexOf(floor);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Import {
  from: string;
  target: string;
  typeOnly: boolean;
}

/** Relative imports (and re-exports) of a file, resolved against the repository root. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*'(\.[^']+)'/gs;
  return [...text.matchAll(pattern)].map((m) => {
    const names = m[2]
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const typeOnly = m[1] !== undefined || (names.length > 0 && names.every((n) => n.startsWith('type ')));
    return { from: file, target: normalize(join(dirname(file), m[3])), typeOnly };
  });
}

const coreFloor = (path: string) => relative('src/core', path).split('/')[0];
const methodFolder = (path: string) => {
  const parts = relative('src/core/methods', path).split('/');
  return parts.length > 1 && !parts[0].startsWith('..') ? parts[0] : null;
};

describe('layout (DESIGN.md sec. 1)', () => {
  const core = sourceFiles('src/core').filter((f) => !f.endsWith('.d.ts'));

  it('imports in src/core point down the floors, never up', () => {
    const upward = core.flatMap(importsOf).filter((i) => {
      const from = coreFloor(i.from);
      const to = coreFloor(i.target);
      return from !== to && (floorRank(to) > floorRank(from) || floorRank(to) === floorRank(from));
    });
    expect(upward.map((i) => `${i.from} -> ${i.target}`)).toEqual([]);
    expect(FLOORS.every((floor) => statSync(join('src/core', floor)).isDirectory())).toBe(true);
  });

  it('no method folder imports another method folder (shared/ is for all of them)', () => {
    const crossing = sourceFiles('src/core/methods')
      .flatMap(importsOf)
      .filter((i) => {
        const from = methodFolder(i.from);
        const to = methodFolder(i.target);
        return from !== null && to !== null && to !== 'shared' && to !== from;
      });
    expect(crossing.map((i) => `${i.from} -> ${i.target}`)).toEqual([]);
  });

  it('the page imports no value from core/methods or core/data/parsers', () => {
    const values = sourceFiles('src/ui')
      .flatMap(importsOf)
      .filter((i) => !i.typeOnly && /^src\/core\/(methods|data\/parsers)\//.test(i.target));
    expect(values.map((i) => `${i.from} -> ${i.target}`)).toEqual([]);
  });

  it('finds the imports it checks (the patterns match this tree)', () => {
    const all = core.flatMap(importsOf);
    expect(all.length).toBeGreaterThan(200);
    expect(all.some((i) => i.typeOnly)).toBe(true);
    expect(all.some((i) => coreFloor(i.target) === 'base')).toBe(true);
  });
});
