/**
 * The y axis of a histogram of counts (transactions per length, classes per size). Skewed counts
 * (the largest over 100 times the smallest non-zero one) go on a log axis, else a tall bar leaves
 * the rest flat; the log axis and its bars start at 0.5, so that a bin holding a single row still
 * has a visible bar (from 1, ECharts' default start of a bar on a log axis, its height is
 * log 1 = 0: such bars were drawn empty), and labels only whole counts.
 * `data` maps the counts to what the bar series draws: empty bins are no bar on a log axis.
 */
export function countAxis(counts: readonly number[], name: string) {
  const nonZero = counts.filter((c) => c > 0);
  const log = nonZero.length > 0 && Math.max(...nonZero) / Math.min(...nonZero) > 100;
  const common = { name, nameLocation: 'middle', nameGap: 48 };
  return {
    log,
    yAxis: log
      ? {
          ...common,
          type: 'log',
          min: 0.5,
          startValue: 0.5,
          axisLabel: { formatter: (v: number) => (v >= 1 ? v.toLocaleString('en') : '') },
        }
      : { ...common, type: 'value', minInterval: 1 },
    data: counts.map((c) => (log && c === 0 ? null : c)),
  };
}
