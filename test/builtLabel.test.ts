import { describe, expect, it } from 'vitest';
import { builtNodeLabel, readBuiltNodeLabel } from '../src/core/data/hierarchy/builtLabel.ts';
import { balancedHierarchy } from '../src/core/data/hierarchy/buildHierarchy.ts';

describe('a built hierarchy node label', () => {
  it('reads back what it writes, items with spaces and parentheses included', () => {
    for (const first of ['8495', 'whole milk', '(odd) item'])
      expect(readBuiltNodeLabel(builtNodeLabel(first, 624))).toEqual({ first, more: 624 });
  });
  it('is not read into an ordinary item or a range label', () => {
    for (const item of ['8495', '(bread,rolls)', '(a..f)', '(x +)', 'milk +2'])
      expect(readBuiltNodeLabel(item)).toBeUndefined();
  });
  it('names each inner node of a first-labelled hierarchy by its first item and the count after it', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const tree = balancedHierarchy(items, 3, 'first');
    const inner = tree.labels.slice(items.length).map(readBuiltNodeLabel);
    expect(inner).toContainEqual({ first: 'a', more: 2 });
    expect(inner).toContainEqual({ first: 'd', more: 2 });
    expect(inner).toContainEqual({ first: 'a', more: 5 });
  });
});
