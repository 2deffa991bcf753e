/**
 * Hierarchies for tests: a small grocery hierarchy (an identity step, butter;butter;dairy), and
 * random valid hierarchy files (DESIGN.md sec. 7) over given items, for property tests: 2 to 4
 * fields a line, a few categories per level each with one parent, some items the data lacks,
 * sometimes an identity step (`a;a;...`), the lines in random order.
 */
import fc from 'fast-check';

export const GROCERY = [
  'whole milk;milk;dairy;food',
  'skim milk;milk;dairy;food',
  'butter;butter;dairy;food',
  'rolls;bread;bakery;food',
  'white bread;bread;bakery;food',
  'beer;alcohol;drinks;food',
  'wine;alcohol;drinks;food',
].join('\n');

export function arbitraryHierarchy(items: readonly string[]): fc.Arbitrary<string> {
  return fc
    .record({
      height: fc.integer({ min: 2, max: 4 }),
      width: fc.integer({ min: 1, max: 4 }),
      extra: fc.integer({ min: 0, max: 3 }),
      seed: fc.integer({ min: 0, max: 1 << 30 }),
    })
    .map(({ height, width, extra, seed }) => {
      let state = seed;
      const random = (n: number) => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return (state >>> 8) % n;
      };
      const all = [...items, ...Array.from({ length: extra }, (_, i) => `absent${i}`)];
      // Level L (1 = just above the items) has `width` categories; each has a parent on level L+1.
      const parentOf = new Map<string, string>();
      for (let level = 1; level < height - 1; level++)
        for (let c = 0; c < width; c++)
          parentOf.set(`L${level}c${c}`, level + 1 === height - 1 ? 'ALL' : `L${level + 1}c${random(width)}`);
      const categoryAt = (level: number) => (level >= height - 1 ? 'ALL' : `L${level}c${random(width)}`);
      const lines = all.map((item) => {
        const path = [item];
        // Sometimes an identity step (`item;item;...`): the item hangs one level higher.
        if (height > 2 && random(5) === 0) path.push(item);
        let node = categoryAt(path.length);
        while (path.length < height) {
          path.push(node);
          node = parentOf.get(node) ?? 'ALL';
        }
        return path.join(';');
      });
      for (let i = lines.length - 1; i > 0; i--) {
        const j = random(i + 1);
        [lines[i], lines[j]] = [lines[j], lines[i]];
      }
      return lines.join('\n') + '\n';
    });
}
