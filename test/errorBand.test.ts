/** The ± 2 standard error band of the line charts (ui/experiment/errorBand.ts). */
import { describe, expect, it } from 'vitest';
import { errorBand } from '../src/ui/experiment/errorBand.ts';

describe('errorBand', () => {
  const x = (p: { x: number }) => p.x;
  it('draws nothing for a series without an error', () => {
    expect(errorBand('a', [{ x: 1, mean: 2 }], x, 'red', 1)).toEqual([]);
  });
  it('stacks an invisible lower edge (mean - 2se) under a filled width of 4se, both scaled', () => {
    const [low, high] = errorBand(
      'a',
      [
        { x: 1, mean: 10, se: 1 },
        { x: 2, mean: 4 },
      ],
      x,
      'red',
      2,
      {
        xAxisIndex: 1,
      },
    );
    expect(low).toMatchObject({
      id: '_band-low-a',
      stack: '_band-a',
      xAxisIndex: 1,
      data: [
        [1, 4],
        [2, 2],
      ],
    });
    expect(high).toMatchObject({
      id: '_band-high-a',
      stack: '_band-a',
      data: [
        [1, 2],
        [2, 0],
      ],
    });
    expect(high.areaStyle).toEqual({ color: 'red', opacity: 0.15 });
    expect(low.areaStyle).toBeUndefined();
  });
});
