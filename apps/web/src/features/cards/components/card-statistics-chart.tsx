import { useMemo } from 'react';
import { EChart } from '../../../components/ui/echart';
import { currencyExponent, formatCompact, formatMoney } from '../../../lib/format';

export type CardChartDay = { day: string; deposits: number; rewards: number; spend: number; outstanding: number };

type CardStatisticsChartProps = {
  days: CardChartDay[];
  currency: string;
  names: Record<'deposits' | 'rewards' | 'spend' | 'outstanding', string>;
  description: string;
};

const bars = ['deposits', 'rewards', 'spend'] as const;

/** Deposits, rewards and spend by day as bars; the outstanding balance at each day's end as a line. */
export function CardStatisticsChart({ days, currency, names, description }: CardStatisticsChartProps) {
  const option = useMemo(() => {
    const scale = 10 ** currencyExponent(currency);
    return {
      animation: false,
      color: ['#1f5fbf', '#13a8a8', '#d4862a', '#7b3fbf'],
      grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const day = days[items[0]?.dataIndex ?? 0];
          if (!day) return '';
          const lines = [...bars, 'outstanding' as const].map(
            (key) => `${names[key]}: ${formatMoney(day[key], currency)}`,
          );
          return [day.day, ...lines].join('<br/>');
        },
      },
      xAxis: { type: 'category', data: days.map((day) => day.day.slice(5)), axisLabel: { hideOverlap: true } },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
        {
          type: 'value',
          splitLine: { show: false },
          axisLabel: { formatter: (value: number) => formatCompact(value) },
        },
      ],
      series: [
        ...bars.map((key) => ({
          name: names[key],
          type: 'bar',
          data: days.map((day) => day[key] / scale),
          barMaxWidth: 18,
        })),
        {
          name: names.outstanding,
          type: 'line',
          yAxisIndex: 1,
          data: days.map((day) => day.outstanding / scale),
        },
      ],
    };
  }, [days, currency, names]);

  return <EChart option={option} className="card-chart" description={description} testId="card-chart" />;
}
