/**
 * One panel of Ghinita Fig. 1 as an ECharts heatmap: the rows of a small dataset in one order,
 * QID items blue and sensitive items red, and a first column naming each row's CAHD group in the
 * group's colour (so the groups stand out as coloured runs along the order).
 */
import type { PDegreeTeachingTrace } from '../../../../core/methods/shared/p-degree/fig1Trace.ts';
import type { ChartOption } from '../../../widgets/EChart.tsx';

/** Groups' colours: none near the QID items' blue or the sensitive items' red (no orange, no indigo). */
const GROUP_COLOURS = ['#2b8a3e', '#9c36b5', '#495057', '#0b7285', '#5c940d', '#795548', '#e64980'];
/** Cell values: 0 absent, 1 QID item, 2 sensitive item, GROUP_BASE + g the group column. */
const GROUP_BASE = 10;

export function bitMatrixOption(trace: PDegreeTeachingTrace, which: number): ChartOption {
  const { rows, groupOf, name } = trace.orders[which];
  const grouped = groupOf.some((g) => g >= 0);
  const columns = [...(grouped ? ['group'] : []), ...trace.columns.map((c) => c.token)];
  const shift = grouped ? 1 : 0;
  const data: [number, number, number][] = [];
  rows.forEach((r, y) => {
    if (grouped && groupOf[r] >= 0) data.push([0, y, GROUP_BASE + (groupOf[r] % GROUP_COLOURS.length)]);
    trace.cells[r].forEach((cell, x) =>
      data.push([x + shift, y, cell === 0 ? 0 : trace.columns[x].sensitive ? 2 : 1]),
    );
  });
  const groupName = (r: number) => `G${groupOf[r] + 1}`;
  return {
    animation: false,
    title: { text: name, textStyle: { fontSize: 13, fontWeight: 600 } },
    tooltip: {
      formatter: (p: { value: [number, number, number] }) => {
        const r = rows[p.value[1]];
        if (grouped && p.value[0] === 0) return `${trace.rowNames[r]} is in group ${groupName(r)}`;
        const column = trace.columns[p.value[0] - shift].token;
        return `${trace.rowNames[r]}, ${column}: ${p.value[2] ? 'holds it' : 'does not hold it'}`;
      },
    },
    grid: { left: 48, right: 12, top: 42, bottom: 64 },
    xAxis: { type: 'category', data: columns, axisLabel: { rotate: 40, fontSize: 11 } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => trace.rowNames[r]),
      inverse: true,
      axisLabel: { fontSize: 11 },
    },
    visualMap: {
      show: false,
      type: 'piecewise',
      dimension: 2,
      pieces: [
        { value: 0, color: '#f1f3f7' },
        { value: 1, color: '#2f6fde' },
        { value: 2, color: '#d9480f' },
        ...GROUP_COLOURS.map((color, g) => ({ value: GROUP_BASE + g, color })),
      ],
    },
    series: [
      {
        type: 'heatmap',
        data,
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        label: {
          show: grouped,
          color: '#fff',
          fontSize: 11,
          formatter: (p: { value: [number, number, number] }) =>
            grouped && p.value[0] === 0 ? groupName(rows[p.value[1]]) : '',
        },
      },
    ],
  };
}
