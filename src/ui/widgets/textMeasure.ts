/**
 * How ECharts measures text in this app (installed with `echarts.setPlatformAPI`, EChartCanvas.tsx).
 *
 * For every font it meets, zrender measures the ideograph '国' and uses its width as the font's line
 * height (zrender contain/text.ts, `stWideCharWidth`; `getLineHeight`). Measuring that glyph makes
 * the browser search the system's fonts for one that has it: 12-52 ms per font on Debian without
 * CJK fonts, and the overview's first charts use three fonts. That search was most of the app's
 * first chart task (41 of ~90 ms CPU; 92 measurements in all, three of them the glyph). Where no
 * font has the glyph, the answer is also wrong: 4.4 px for a 12 px font. An ideograph is one em
 * wide by design, so the font's own size is what zrender asks for, found without a search. zrender
 * also takes that width for any non-ASCII character when it estimates where to cut or wrap a label
 * (`overflow`), as it does on every machine that has a CJK font. All other text goes to zrender's
 * own measureText, as before.
 */

/** The glyph zrender measures to size a font's lines. */
export const WIDE_CHAR = '国';

/** The font's size in CSS pixels (`600 14px sans-serif` -> 14), or null if it gives none in px. */
export function fontPixels(font: string): number | null {
  const match = /(\d*\.?\d+)px/.exec(font);
  return match ? Number(match[1]) : null;
}

export type MeasureText = (text: string, font?: string) => { width: number };

/** Measures with `measure`, except WIDE_CHAR in a px-sized font: its width is the font's size. */
export function withWideCharInEms(measure: MeasureText): MeasureText {
  return (text, font) => {
    const em = text === WIDE_CHAR && font ? fontPixels(font) : null;
    return em !== null ? { width: em } : measure(text, font);
  };
}
