import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { currencyExponent, formatCompact, formatMoney, formatNumber } from '../../../lib/format';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

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
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current, undefined, { renderer: 'canvas' });
    const scale = 10 ** currencyExponent(currency);
    chart.setOption({
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
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [points, currency, overTime, names]);

  return (
    <div
      ref={element}
      className="statistics-chart"
      role="img"
      aria-label={description}
      data-testid="statistics-chart"
    />
  );
}
