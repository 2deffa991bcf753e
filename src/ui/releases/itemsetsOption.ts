/**
 * The chart of an `itemsets` release: each published itemset by rank, its noisy support (bars) beside
 * its true support (dots, from the audit, the analyst's own); a bar whose itemset is not among the
 * true top k is drawn in the warning colour.
 */
import type { DpView } from '../../core/release/dpSummary.ts';
import type { ChartOption } from '../widgets/EChart.tsx';
import { ACCENT, base, escapeHtml, titleStyle, WARN } from '../widgets/chartStyle.ts';

export function itemsetsOption(itemsets: NonNullable<DpView['itemsets']>): ChartOption {
  const label = (items: readonly string[]) => `{${items.join(', ')}}`;
  return {
    ...base,
    title: {
      text: 'Published itemsets: noisy support beside the true one',
      subtext:
        'bars: noisy support as published; dots: true support (private); orange: not in the true top k',
      textStyle: titleStyle,
      subtextStyle: { fontSize: 11, color: '#555' },
    },
    tooltip: {
      trigger: 'axis',
      formatter: (p: { dataIndex: number }[]) => {
        const s = itemsets[p[0].dataIndex];
        return [
          `<b>${escapeHtml(label(s.items))}</b>`,
          `noisy support ${s.support.toLocaleString('en')}, true ${s.trueSupport.toLocaleString('en')}`,
          s.inTopK ? 'in the true top k' : '<b>not in the true top k</b>',
        ].join('<br/>');
      },
    },
    legend: { top: 54, data: ['noisy support', 'true support'] },
    grid: { left: 72, right: 16, top: 92, bottom: 48 },
    xAxis: {
      type: 'category',
      data: itemsets.map((_, i) => String(i + 1)),
      name: 'rank in the release',
      nameLocation: 'middle',
      nameGap: 30,
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', name: 'support (rows)', nameLocation: 'middle', nameGap: 56, scale: true },
    series: [
      {
        type: 'bar',
        name: 'noisy support',
        data: itemsets.map((s) => ({ value: s.support, itemStyle: { color: s.inTopK ? ACCENT : WARN } })),
      },
      {
        type: 'scatter',
        name: 'true support',
        data: itemsets.map((s) => s.trueSupport),
        symbolSize: 6,
        itemStyle: { color: '#222' },
      },
    ],
  };
}
