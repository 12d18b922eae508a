import { statisticsGroupings, type StatisticsGrouping } from '@sbo/contracts';
import { Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSwitch } from '../../../components/ui/choice-switch';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { SalesFilterBar } from '../../../components/ui/sales-filters/sales-filter-bar';
import { useMerchantMoney, useSalesFilters } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadingOrFailed } from '../../../components/ui/loading-or-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { currentLanguage } from '../../../lib/i18n';
import { toSalesQuery } from '../../../lib/sales-filters';
import { useRevenueStatistics } from '../api/revenue-statistics';
import { rowLabel } from './row-label';
import { StatisticsSummary } from './statistics-summary';
import { StatisticsTable } from './statistics-table';
import './statistics.css';

// ECharts is downloaded with the first chart, never with the first screen.
const StatisticsChart = lazy(() =>
  import('./statistics-chart').then((module) => ({ default: module.StatisticsChart })),
);

const isGrouping = (value: string | null): value is StatisticsGrouping =>
  value !== null && (statisticsGroupings as readonly string[]).includes(value);

/** `dashboard/revenue-statistics`: revenue and sales over time or by group, as a chart and a table. */
export function RevenueStatisticsScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('revenue.read');
  const { filters, setFilters, params, setParams } = useSalesFilters('thisMonth');
  const groupParam = params.get('group');
  const groupBy: StatisticsGrouping = isGrouping(groupParam) ? groupParam : 'day';
  const query = useMemo(() => toSalesQuery({ ...filters, status: undefined }, timeZone), [filters, timeZone]);
  const statistics = useRevenueStatistics(query, groupBy, timeZone, mayRead);
  const data = statistics.data;
  const locale = currentLanguage();

  const rows = useMemo(
    () => (data ? data.rows.map((row) => ({ ...row, name: rowLabel(t, data.groupBy, row, locale) })) : []),
    [data, t, locale],
  );
  const points = useMemo(
    () => rows.map((row) => ({ label: row.name, revenue: row.revenue, count: row.count })),
    [rows],
  );
  const names = useMemo(() => ({ revenue: t('sales.column.revenue'), count: t('sales.column.count') }), [t]);
  // The chart and table name what the shown figures are grouped by, also while the next grouping loads.
  const shownGroup = data?.groupBy ?? groupBy;
  const overTime = shownGroup === 'day' || shownGroup === 'week' || shownGroup === 'month';
  const groupTitle = t(`statistics.groupBy.${shownGroup}`);

  const groupingOptions = statisticsGroupings.map((value) => ({ value, label: t(`statistics.groupBy.${value}`) }));
  const setGroup = (next: StatisticsGrouping) =>
    setParams(
      (current) => {
        const written = new URLSearchParams(current);
        written.set('group', next);
        return written;
      },
      { replace: true },
    );

  if (!mayRead) return <NoPermission title={t('screen.revenueStatistics')} reason={t('sales.noPermission')} />;
  return (
    <>
      <PageHeader title={t('screen.revenueStatistics')} />
      <SalesFilterBar filters={filters} timeZone={timeZone} onChange={setFilters} />
      <div className="statistics-grouping">
        <ChoiceSwitch<StatisticsGrouping>
          label={t('statistics.groupBy.label')}
          value={groupBy}
          options={groupingOptions}
          onChange={setGroup}
          compact={isPhone}
        />
      </div>
      <LoadingOrFailed query={statistics} failedTitle={t('statistics.loadFailed')} />
      {data ? (
        <>
          <StatisticsSummary totals={data.totals} currency={data.currency} />
          <Card size="small" className="statistics-chart-card">
            {rows.length === 0 || data.totals.count === 0 ? (
              <Empty description={t('statistics.empty')} />
            ) : (
              <Suspense fallback={<Skeleton.Node active className="statistics-chart-loading" />}>
                <StatisticsChart
                  points={points}
                  currency={data.currency}
                  overTime={overTime}
                  names={names}
                  description={t('statistics.chartDescription', { group: groupTitle, from: data.from, to: data.to })}
                />
              </Suspense>
            )}
          </Card>
          <StatisticsTable rows={rows} data={data} groupTitle={groupTitle} loading={statistics.isFetching} />
        </>
      ) : null}
    </>
  );
}
