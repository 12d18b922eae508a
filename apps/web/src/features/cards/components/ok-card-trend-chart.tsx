import type { apiRoutes } from '@sbo/contracts/api/routes';
import { useMemo } from 'react';
import { axisChartOption, toMajorUnits } from '../../../components/ui/chart-option';
import { EChart } from '../../../components/ui/echart';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

type Revenue = ApiResult<typeof apiRoutes.okcardRevenue>;

/** A day (`YYYY-MM-DD`) as the language writes a short date: 11/24, 24/11, 11月24日. */
const shortDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Deposits as bars and spend at machines as a line, day by day over the range. */
export function OkCardTrendChart({ revenue }: { revenue: Revenue }) {
  const { t } = useTranslation();
  const names = { deposits: t('okCardHome.trend.deposits'), spend: t('okCardHome.trend.spend') };
  const language = currentLanguage();

  const option = useMemo(() => {
    const major = toMajorUnits(revenue.currency);
    const series = revenue.series;
    return axisChartOption({
      legendRoom: 36,
      categories: series.map((point) => shortDay(point.day, language)),
      tooltip: (index) => {
        const point = series[index];
        if (!point) return '';
        return `${shortDay(point.day, language)}<br/>${names.deposits}: ${formatMoney(point.deposits, revenue.currency)}<br/>${names.spend}: ${formatMoney(point.spend, revenue.currency)}`;
      },
      series: [
        { name: names.deposits, type: 'bar', data: series.map((point) => major(point.deposits)), barMaxWidth: 24 },
        { name: names.spend, type: 'line', data: series.map((point) => major(point.spend)), symbolSize: 6 },
      ],
    });
  }, [revenue, names.deposits, names.spend, language]);

  const total = (key: 'deposits' | 'spend') => formatMoney(revenue[key], revenue.currency);
  return (
    <EChart
      option={option}
      className="ok-card-trend-chart"
      description={t('okCardHome.trend.description', { deposits: total('deposits'), spend: total('spend') })}
      testId="ok-card-trend-chart"
    />
  );
}
