import { useMemo } from 'react';
import { EChart } from '../../../components/ui/echart';
import { currencyExponent, formatCompact, formatMoney } from '../../../lib/format';

export type EffectPoint = { label: string; during: number; baseline: number };

type Props = {
  points: EffectPoint[];
  currency: string;
  names: { during: string; baseline: string };
  description: string;
};

/** Revenue per day under the promotion (bars) against the same hours' weekday average before it (line). */
export function EffectChart({ points, currency, names, description }: Props) {
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
          return `${point.label}<br/>${names.during}: ${formatMoney(point.during, currency)}<br/>${names.baseline}: ${formatMoney(point.baseline, currency)}`;
        },
      },
      xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
      series: [
        { name: names.during, type: 'bar', data: points.map((p) => p.during / scale), barMaxWidth: 32 },
        { name: names.baseline, type: 'line', data: points.map((p) => p.baseline / scale), symbolSize: 6 },
      ],
    };
  }, [points, currency, names]);

  return (
    <EChart
      option={option}
      className="promotion-effect-chart"
      description={description}
      testId="promotion-effect-chart"
    />
  );
}
