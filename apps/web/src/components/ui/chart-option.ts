import { currencyExponent, formatCompact } from '../../lib/format';

type AxisChartSetUp = {
  /** The series' colours in order; blue then amber unless a chart has more series. */
  colors?: string[];
  /** Room above the plot for the legend, in pixels. */
  legendRoom?: number;
  /** The category axis: days or groups, left to right. */
  categories: string[];
  categoryLabel?: Record<string, unknown>;
  /** The tooltip for the category at this index: lines joined by `<br/>`. */
  tooltip: (index: number) => string;
  /** A second value axis on the right, for a series of another kind (a count beside money). */
  secondAxis?: boolean;
  series: Record<string, unknown>[];
};

const valueAxis = () => ({ type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } });

/** The screens' one bar-and-line chart set-up (an `EChart` option): no animation, legend on top, compact figures. */
export function axisChartOption({
  colors = ['#1f5fbf', '#d4862a'],
  legendRoom = 40,
  categories,
  categoryLabel = { hideOverlap: true },
  tooltip,
  secondAxis = false,
  series,
}: AxisChartSetUp) {
  return {
    animation: false,
    color: colors,
    grid: { left: 8, right: 8, top: legendRoom, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (items: { dataIndex: number }[]) => tooltip(items[0]?.dataIndex ?? 0),
    },
    xAxis: { type: 'category', data: categories, axisLabel: categoryLabel },
    yAxis: secondAxis ? [valueAxis(), { ...valueAxis(), splitLine: { show: false } }] : valueAxis(),
    series,
  };
}

/** Minor units to the currency's major ones, as a chart's money axis counts. */
export function toMajorUnits(currency: string) {
  const scale = 10 ** currencyExponent(currency);
  return (minor: number) => minor / scale;
}
