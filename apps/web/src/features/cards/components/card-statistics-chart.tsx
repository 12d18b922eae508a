import { useMemo } from 'react';
import { axisChartOption, toMajorUnits } from '../../../components/ui/chart-option';
import { EChart } from '../../../components/ui/echart';
import { formatMoney } from '../../../lib/format';

type CardChartDay = { day: string; deposits: number; rewards: number; spend: number; outstanding: number };

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
    const major = toMajorUnits(currency);
    return axisChartOption({
      colors: ['#1f5fbf', '#13a8a8', '#d4862a', '#7b3fbf'],
      legendRoom: 48,
      categories: days.map((day) => day.day.slice(5)),
      tooltip: (index) => {
        const day = days[index];
        if (!day) return '';
        const lines = [...bars, 'outstanding' as const].map(
          (key) => `${names[key]}: ${formatMoney(day[key], currency)}`,
        );
        return [day.day, ...lines].join('<br/>');
      },
      secondAxis: true,
      series: [
        ...bars.map((key) => ({
          name: names[key],
          type: 'bar',
          data: days.map((day) => major(day[key])),
          barMaxWidth: 18,
        })),
        { name: names.outstanding, type: 'line', yAxisIndex: 1, data: days.map((day) => major(day.outstanding)) },
      ],
    });
  }, [days, currency, names]);

  return <EChart option={option} className="card-chart" description={description} testId="card-chart" />;
}
