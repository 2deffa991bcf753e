/** ECharts' line height from the font's size, not from a search of the system's fonts (textMeasure.ts). */
import { describe, expect, it } from 'vitest';
import { fontPixels, WIDE_CHAR, withWideCharInEms } from '../src/ui/widgets/textMeasure.ts';

describe('textMeasure', () => {
  it('reads a font size in px from a CSS font', () => {
    expect(fontPixels('12px sans-serif')).toBe(12);
    expect(fontPixels('600 14px sans-serif')).toBe(14);
    expect(fontPixels('italic bold 10.5px "Noto Sans"')).toBe(10.5);
    expect(fontPixels('1em serif')).toBeNull();
  });

  it('answers the wide glyph with the font size and measures everything else', () => {
    const asked: string[] = [];
    const measure = withWideCharInEms((text, font) => {
      asked.push(`${text}|${font}`);
      return { width: text.length * 7 };
    });
    expect(measure(WIDE_CHAR, '600 14px sans-serif').width).toBe(14);
    expect(measure(WIDE_CHAR, '10px sans-serif').width).toBe(10);
    expect(asked).toEqual([]);
    expect(measure('support', '12px sans-serif').width).toBe(49);
    expect(measure('国家', '12px sans-serif').width).toBe(14);
    expect(measure(WIDE_CHAR, '1em serif').width).toBe(7);
    expect(measure(WIDE_CHAR).width).toBe(7);
    expect(asked).toEqual([
      'support|12px sans-serif',
      '国家|12px sans-serif',
      '国|1em serif',
      '国|undefined',
    ]);
  });
});
