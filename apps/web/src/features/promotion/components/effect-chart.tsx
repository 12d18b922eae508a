import { useMemo } from 'react';
import { axisChartOption, toMajorUnits } from '../../../components/ui/chart-option';
import { pointCategories } from '../../../components/ui/chart-points';
import { EChart } from '../../../components/ui/echart';
import { formatMoney } from '../../../lib/format';

type EffectPoint = { label: string; during: number; baseline: number };

type Props = {
  points: EffectPoint[];
  currency: string;
  names: { during: string; baseline: string };
  description: string;
};

/** Revenue per day under the promotion (bars) against the same hours' weekday average before it (line). */
export function EffectChart({ points, currency, names, description }: Props) {
  const option = useMemo(() => {
    const major = toMajorUnits(currency);
    return axisChartOption({
      ...pointCategories(
        points,
        (point) => point.label,
        (point) => [
          `${names.during}: ${formatMoney(point.during, currency)}`,
          `${names.baseline}: ${formatMoney(point.baseline, currency)}`,
        ],
      ),
      series: [
        { name: names.during, type: 'bar', data: points.map((p) => major(p.during)), barMaxWidth: 32 },
        { name: names.baseline, type: 'line', data: points.map((p) => major(p.baseline)), symbolSize: 6 },
      ],
    });
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
