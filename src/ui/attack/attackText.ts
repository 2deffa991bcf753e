/**
 * An attack's result in words and as a chart (the page's Attack panel): one plain sentence per
 * attack, and before / after per number of known items with the model's bound drawn as a line.
 */
import type { AttackResult } from '../../core/attack/types.ts';
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, WARN } from '../widgets/chartStyle.ts';

const percent = (x: number) => `${(100 * x).toFixed(x > 0 && x < 0.01 ? 1 : 0)}%`;

/** `1 in 5` for 0.2; `never` for 0. */
export function oneIn(x: number): string {
  if (x <= 0) return 'never';
  if (x >= 0.995) return 'every time';
  const n = 1 / x;
  return `1 in ${Number.isInteger(Math.round(n * 10) / 10) ? Math.round(n) : n.toFixed(1)}`;
}

/** The sentence under an attack's chart. */
export function attackSentence(result: AttackResult): string {
  const bound = result.bound === null ? '' : ` (the guarantee: ${oneIn(result.bound)})`;
  if (result.attack === 'membership') {
    const after = result.after
      ? ` After this release its best test's advantage is ${percent(result.after.worst)} (at least ${percent(result.after.lower95 ?? 0)} with 95% confidence)${bound.replace('1 in', 'at most')}.`
      : '';
    return `An attacker who knows a whole row tells whether it was in the data every time from exact counts.${after}`;
  }
  const who = `An attacker who knows ${result.known} of a person's items`;
  // Inference guesses a sensitive item (p-degree, hkp), a column's value (buckets) or, on a
  // disassociated release, another item the chunks were meant to keep apart (coverShare.ts).
  const verb =
    result.attack === 'identity'
      ? 'picks out the right person'
      : 'is sure of another item the person holds (a sensitive one when the model names them)';
  const before = `${who} ${verb} with a chance of ${percent(result.before.rate)} on average in the input (${oneIn(result.before.worst)} for the most exposed)`;
  if (!result.after) return `${before}.`;
  const worst = result.after.worst > 0 ? `at most ${oneIn(result.after.worst)}` : 'never for any target';
  return `${before}; after this release, ${percent(result.after.rate)} on average and ${worst}${bound}.`;
}

/** Before and after per number of known items for one attack, the bound as a line. */
export function attackOption(all: readonly AttackResult[], title: string): ChartOption {
  // A number of known items no row holds has nothing to draw.
  const results = all.filter((r) => r.targets > 0);
  const known = results.map((r) => (r.known === null ? 'the whole row' : String(r.known)));
  const hasAfter = results.some((r) => r.after);
  return {
    ...base,
    title: { text: title, textStyle: { fontSize: 13, fontWeight: 600 }, left: 'center' },
    legend: { bottom: 0 },
    grid: { left: 64, right: 24, top: 40, bottom: 64 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: known,
      name: 'items the attacker knows',
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'value', min: 0, max: 1, name: 'chance of success', nameLocation: 'middle', nameGap: 44 },
    series: [
      {
        name: 'input: mean',
        type: 'bar',
        data: results.map((r) => r.before.rate),
        itemStyle: { color: '#9aa5b1' },
      },
      {
        name: 'input: worst target',
        type: 'scatter',
        data: results.map((r) => r.before.worst),
        itemStyle: { color: '#52606d' },
      },
      ...(hasAfter
        ? [
            {
              name: 'release: mean',
              type: 'bar',
              data: results.map((r) => r.after?.rate ?? null),
              itemStyle: { color: ACCENT },
            },
            {
              name: 'release: worst target',
              type: 'scatter',
              symbol: 'diamond',
              symbolSize: 12,
              data: results.map((r) => r.after?.worst ?? null),
              itemStyle: { color: '#143d8c' },
            },
          ]
        : []),
      ...(results.some((r) => r.bound !== null)
        ? [
            {
              name: 'the guarantee (bound)',
              type: 'line',
              step: 'middle',
              data: results.map((r) => r.bound),
              lineStyle: { color: WARN, type: 'dashed', width: 2 },
              itemStyle: { color: WARN },
              symbol: 'none',
            },
          ]
        : []),
    ],
  };
}
