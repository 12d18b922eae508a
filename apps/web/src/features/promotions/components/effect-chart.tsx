import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { currencyExponent, formatCompact, formatMoney } from '../../../lib/format';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type EffectPoint = { label: string; during: number; baseline: number };

type Props = {
  points: EffectPoint[];
  currency: string;
  names: { during: string; baseline: string };
  description: string;
};

/** Revenue per day under the promotion (bars) against the same hours' weekday average before it (line). */
export function EffectChart({ points, currency, names, description }: Props) {
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
          return `${point.label}<br/>${names.during}: ${formatMoney(point.during, currency)}<br/>${names.baseline}: ${formatMoney(point.baseline, currency)}`;
        },
      },
      xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
      series: [
        { name: names.during, type: 'bar', data: points.map((p) => p.during / scale), barMaxWidth: 32 },
        { name: names.baseline, type: 'line', data: points.map((p) => p.baseline / scale), symbolSize: 6 },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [points, currency, names]);

  return (
    <div
      ref={element}
      className="promotion-effect-chart"
      role="img"
      aria-label={description}
      data-testid="promotion-effect-chart"
    />
  );
}
