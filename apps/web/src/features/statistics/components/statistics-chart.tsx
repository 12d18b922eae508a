import { useMemo } from 'react';
import { EChart } from '../../../components/ui/echart';
import { currencyExponent, formatCompact, formatMoney, formatNumber } from '../../../lib/format';

export type ChartPoint = { label: string; revenue: number; count: number };

type StatisticsChartProps = {
  points: ChartPoint[];
  currency: string;
  overTime: boolean;
  names: { revenue: string; count: string };
  description: string;
};

/** Revenue as bars and the number of sales as a line (over time) or bars (by group), on two axes. */
export function StatisticsChart({ points, currency, overTime, names, description }: StatisticsChartProps) {
  const option = useMemo(() => {
    const scale = 10 ** currencyExponent(currency);
    return {
      animation: false,
      color: ['#1f5fbf', '#d4862a'],
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const point = points[items[0]?.dataIndex ?? 0];
          if (!point) return '';
          return `${point.label}<br/>${names.revenue}: ${formatMoney(point.revenue, currency)}<br/>${names.count}: ${formatNumber(point.count)}`;
        },
      },
      xAxis: {
        type: 'category',
        data: points.map((point) => point.label),
        axisLabel: { hideOverlap: true, rotate: overTime ? 0 : 30, width: 120, overflow: 'truncate' },
      },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
        {
          type: 'value',
          splitLine: { show: false },
          axisLabel: { formatter: (value: number) => formatCompact(value) },
        },
      ],
      series: [
        { name: names.revenue, type: 'bar', data: points.map((point) => point.revenue / scale), barMaxWidth: 32 },
        {
          name: names.count,
          type: overTime ? 'line' : 'bar',
          yAxisIndex: 1,
          data: points.map((point) => point.count),
          barMaxWidth: 32,
        },
      ],
    };
  }, [points, currency, overTime, names]);

  return <EChart option={option} className="statistics-chart" description={description} testId="statistics-chart" />;
}
