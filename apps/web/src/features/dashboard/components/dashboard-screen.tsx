import { Button, Skeleton } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useDashboardOverview } from '../api/dashboard-overview';
import { ActivePromotions } from './active-promotions';
import { MachineSummary } from './machine-summary';
import { RecentTransactions } from './recent-transactions';
import { SalesAtAGlance } from './sales-at-a-glance';
import { ShortcutCards } from './shortcut-cards';
import { UnverifiedSales } from './unverified-sales';
import './dashboard.css';

/** `/dashboard`: sales at a glance, the fleet, the latest sales and shortcuts, kept current. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { timeZone, permissions } = useMerchantMoney();
  const overview = useDashboardOverview(timeZone);
  // The overview renders at a transition's priority, in slices, so its arrival is no long task on a phone.
  const data = useDeferredValue(overview.data);
  const loading = overview.isLoading || (overview.data !== undefined && data === undefined);

  return (
    <>
      <PageHeader title={t('screen.dashboard')} description={t('dashboard.live')} />
      {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {overview.isError && !data ? (
        <StatusPanel
          level={2}
          status="error"
          title={t('dashboard.loadFailed')}
          actions={<Button onClick={() => void overview.refetch()}>{t('action.retry')}</Button>}
        />
      ) : null}
      {data ? (
        <div className="dashboard-grid">
          {data.sales ? <SalesAtAGlance sales={data.sales} currency={data.currency} /> : null}
          {data.unverifiedSales ? (
            <UnverifiedSales unverified={data.unverifiedSales} currency={data.currency} today={data.today} />
          ) : null}
          <div className="dashboard-columns">
            <MachineSummary machines={data.machines} />
            {data.recentTransactions ? <RecentTransactions rows={data.recentTransactions} timeZone={timeZone} /> : null}
          </div>
          {data.activePromotions ? <ActivePromotions promotions={data.activePromotions} timeZone={timeZone} /> : null}
        </div>
      ) : null}
      {/* Below the overview once it has its size: shown earlier, the shortcuts would jump down as it fills in. */}
      {loading ? null : <ShortcutCards permissions={permissions} />}
    </>
  );
}
