/**
 * What makes the page read well for an analyst, as pure functions: papers named by authors and
 * title, one colour per method wherever it is drawn, axes that label values of any size and show
 * a bin of one, export names without a doubled extension.
 */
import { describe, expect, it } from 'vitest';
import { listMethods } from '../src/core/methods/registry.ts';
import { citationOf, PAPERS } from '../src/core/methods/papers.ts';
import { methodColour, seriesColours } from '../src/ui/widgets/methodColours.ts';
import { axisScale } from '../src/ui/widgets/axisScale.ts';
import { countAxis } from '../src/ui/widgets/countAxis.ts';
import { fileStem } from '../src/ui/widgets/download.ts';
import { ITEM_LABEL_CHARS, itemLabel, topItemsOption } from '../src/ui/overview/overviewCharts.ts';

/** Red, green, blue of `#rrggbb`. */
const rgb = (colour: string) => [0, 1, 2].map((i) => parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16));
const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((c, i) => c - rgb(b)[i]));

describe('legibility', () => {
  it('every method names its paper by title (and authors where the paper gives them)', () => {
    for (const method of listMethods()) {
      expect(PAPERS[method.paper], method.id).toBeDefined();
      expect(method.citation).toContain(PAPERS[method.paper].title);
      expect(method.citation).not.toMatch(/\.txt/);
    }
    expect(citationOf('000_6a275c75304b09c3.txt')).toBe(
      'Ghinita, Kalnis, Tao — Anonymous Publication of Sensitive Transactional Data (IEEE TKDE 2011)',
    );
  });

  it('one colour per method, the same in every experiment, and the methods far apart', () => {
    const catalogue = listMethods().map((m) => m.id);
    const colours = catalogue.map((id) => methodColour(catalogue, id));
    expect(new Set(colours).size).toBe(catalogue.length);
    // rcm-cahd and lsh were two similar oranges: now clearly apart (RGB distance).
    expect(distance(methodColour(catalogue, 'rcm-cahd'), methodColour(catalogue, 'lsh'))).toBeGreaterThan(
      100,
    );
    // An experiment of two methods draws them in the colours a ten-method one does.
    const two = seriesColours(catalogue, [
      { name: 'pta', method: 'pta' },
      { name: 'lsh', method: 'lsh' },
    ]);
    expect(two('pta')).toBe(methodColour(catalogue, 'pta'));
    expect(two('lsh')).toBe(methodColour(catalogue, 'lsh'));
    // Series of one method at several values of a second parameter: shades of its colour, apart.
    const shades = seriesColours(catalogue, [
      { name: 'gray-cahd alpha=1', method: 'gray-cahd' },
      { name: 'gray-cahd alpha=2', method: 'gray-cahd' },
    ]);
    expect(shades('gray-cahd alpha=1')).toBe(methodColour(catalogue, 'gray-cahd'));
    expect(distance(shades('gray-cahd alpha=1'), shades('gray-cahd alpha=2'))).toBeGreaterThan(40);
  });

  it('values ECharts cannot tick (around 1e-45, or 1e12) are drawn scaled, the axis says by what', () => {
    expect(axisScale([1.2e-45, 3.4e-45])).toEqual({ factor: 1e-45, suffix: ' (× 1e-45)' });
    expect(axisScale([2e12])).toEqual({ factor: 1e12, suffix: ' (× 1e12)' });
    expect(axisScale([0.02, 15])).toEqual({ factor: 1, suffix: '' });
    expect(axisScale([0, 0])).toEqual({ factor: 1, suffix: '' });
  });

  it('a skewed histogram goes on a log axis that starts below 1, so a bin of one shows', () => {
    const axis = countAxis([50_000, 1200, 0, 1], 'transactions');
    expect(axis.log).toBe(true);
    expect(axis.yAxis).toMatchObject({ type: 'log', min: 0.5 });
    expect(axis.data).toEqual([50_000, 1200, null, 1]);
    expect(countAxis([5, 9, 12], 'classes')).toMatchObject({ log: false, data: [5, 9, 12] });
  });

  it('exports are named after the input without its extension', () => {
    expect(fileStem('groceries.csv')).toBe('groceries');
    expect(fileStem('BMS1.dat.gz')).toBe('BMS1');
    expect(fileStem('README')).toBe('README');
  });

  it('top items: long names cut with an ellipsis, and the space under the bars sized to the longest shown', () => {
    expect(itemLabel('milk')).toBe('milk');
    const long = 'organic whole milk 1 litre';
    expect([...itemLabel(long)]).toHaveLength(ITEM_LABEL_CHARS);
    expect(itemLabel(long)).toBe(`${long.slice(0, ITEM_LABEL_CHARS - 1)}…`);
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect(itemLabel('🥛'.repeat(20))).toBe(`${'🥛'.repeat(ITEM_LABEL_CHARS - 1)}…`);
    const bottom = (tokens: string[]) => {
      const option = topItemsOption(
        tokens.map((token) => ({ token, support: 1 })),
        10,
      ) as { grid: { bottom: number; outerBoundsMode: string } };
      expect(option.grid.outerBoundsMode).toBe('none');
      return option.grid.bottom;
    };
    expect(bottom(['1', '22'])).toBeLessThan(bottom(['bread', 'sourdough loaf']));
    expect(bottom(['bread', long])).toBe(bottom(['bread', `${long} and more`]));
    // Every one of the top items is named under its bar, not every other one.
    const axis = (
      topItemsOption([{ token: 'a', support: 2 }], 10) as { xAxis: { axisLabel: { interval: number } } }
    ).xAxis;
    expect(axis.axisLabel.interval).toBe(0);
  });
});
