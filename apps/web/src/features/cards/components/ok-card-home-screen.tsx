import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { QuickRangePicker } from '../../../components/ui/sales-filters/quick-range-picker';
import { RangeShortenedNotice } from '../../../components/ui/sales-filters/range-shortened-notice';
import { useMerchantMoney, useSalesFilters } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { StatusPanel } from '../../../components/ui/status-panel';
import { salesDays } from '../../../lib/sales-filters';
import type { OkCardRange } from '../api/ok-card-home-keys';
import { useOkCardIssued } from '../api/okcard-issued';
import { useOkCardRevenue } from '../api/okcard-revenue';
import { OkCardFigures } from './ok-card-figures';
import { OkCardShortcuts } from './ok-card-shortcuts';
import { OkCardTrendChart } from './ok-card-trend-chart';
import './ok-card-home.css';

/** `/ok-card/home`: the OK cards at a glance (cards, revenue, deposits, what is owed) and the way to the rest. */
export function OkCardHomeScreen() {
  const { t } = useTranslation();
  const { timeZone, permissions } = useMerchantMoney();
  const { filters, setFilters } = useSalesFilters('oneMonth');
  const range = { ...salesDays(filters, timeZone), tz: timeZone };
  const canRead = permissions.has('vipCard.read');

  return (
    <>
      <PageHeader
        title={t('screen.okCardHome')}
        description={t('okCardHome.description')}
        extra={
          canRead ? (
            <div className="ok-card-home-range">
              <QuickRangePicker
                range={filters.range}
                custom={filters.custom}
                timeZone={timeZone}
                onChange={(next, custom) => setFilters({ range: next, custom })}
              />
              {filters.shortened && filters.custom ? <RangeShortenedNotice shown={filters.custom} /> : null}
            </div>
          ) : null
        }
      />
      {canRead ? (
        <OkCardOverview range={range} />
      ) : (
        <StatusPanel level={2} status="warning" title={t('okCardHome.noPermission')} />
      )}
      <OkCardShortcuts />
    </>
  );
}

function OkCardOverview({ range }: { range: OkCardRange }) {
  const { t } = useTranslation();
  const issued = useOkCardIssued(range);
  const revenue = useOkCardRevenue(range);
  if (issued.isError || revenue.isError)
    return (
      <LoadFailed
        title={t('okCardHome.loadFailed')}
        onRetry={() => {
          void issued.refetch();
          void revenue.refetch();
        }}
      />
    );
  if (!issued.data || !revenue.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <div className="ok-card-home-grid">
      <OkCardFigures issued={issued.data} revenue={revenue.data} />
      <section className="ok-card-home-panel" aria-labelledby="ok-card-trend">
        <h2 id="ok-card-trend" className="ok-card-home-section-title">
          {t('okCardHome.trend.title')}
        </h2>
        <OkCardTrendChart revenue={revenue.data} />
      </section>
    </div>
  );
}
