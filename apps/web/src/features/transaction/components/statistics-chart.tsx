import { useMemo } from 'react';
import { axisChartOption, toMajorUnits } from '../../../components/ui/chart-option';
import { pointCategories } from '../../../components/ui/chart-points';
import { EChart } from '../../../components/ui/echart';
import { formatMoney, formatNumber } from '../../../lib/format';

type ChartPoint = { label: string; revenue: number; count: number };

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
    const major = toMajorUnits(currency);
    return axisChartOption({
      ...pointCategories(
        points,
        (point) => point.label,
        (point) => [
          `${names.revenue}: ${formatMoney(point.revenue, currency)}`,
          `${names.count}: ${formatNumber(point.count)}`,
        ],
      ),
      categoryLabel: { hideOverlap: true, rotate: overTime ? 0 : 30, width: 120, overflow: 'truncate' },
      secondAxis: true,
      series: [
        { name: names.revenue, type: 'bar', data: points.map((point) => major(point.revenue)), barMaxWidth: 32 },
        {
          name: names.count,
          type: overTime ? 'line' : 'bar',
          yAxisIndex: 1,
          data: points.map((point) => point.count),
          barMaxWidth: 32,
        },
      ],
    });
  }, [points, currency, overTime, names]);

  return <EChart option={option} className="statistics-chart" description={description} testId="statistics-chart" />;
}
