import { Skeleton } from 'antd';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useDashboardOverview } from '../api/dashboard-overview';
import { ActivePromotions } from './active-promotions';
import { MachineSummary } from './machine-summary';
import { RecentTransactions } from './recent-transactions';
import { SalesAtAGlance } from './sales-at-a-glance';
import { ShortcutCards } from './shortcut-cards';
import { UnverifiedSales } from './unverified-sales';
import './dashboard.css';

/**
 * Whether the part of the overview below the first screenful (the latest sales, promotions, shortcuts) may
 * render: once the first part has been committed, in a later task, so a phone commits the overview in two
 * shorter tasks instead of one long one. Those parts only add below what is shown, so nothing moves.
 */
function useRestAfterFirst(firstShown: boolean): boolean {
  const [restShown, setRestShown] = useState(false);
  useEffect(() => {
    if (!firstShown || restShown) return;
    const timer = setTimeout(() => startTransition(() => setRestShown(true)), 0);
    return () => clearTimeout(timer);
  }, [firstShown, restShown]);
  return restShown;
}

/** `/dashboard`: sales at a glance, the fleet, the latest sales and shortcuts, kept current. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { timeZone, permissions } = useMerchantMoney();
  const overview = useDashboardOverview(timeZone);
  // The overview renders at a transition's priority, in slices, so its arrival is no long task on a phone.
  const data = useDeferredValue(overview.data);
  const loading = overview.isLoading || (overview.data !== undefined && data === undefined);
  const restShown = useRestAfterFirst(data !== undefined);

  return (
    <>
      <PageHeader title={t('screen.dashboard')} description={t('dashboard.live')} />
      {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {overview.isError && !data ? <LoadFailed title={t('dashboard.loadFailed')} onRetry={overview.refetch} /> : null}
      {data ? (
        <div className="dashboard-grid">
          {data.sales ? <SalesAtAGlance sales={data.sales} currency={data.currency} /> : null}
          {data.unverifiedSales ? (
            <UnverifiedSales unverified={data.unverifiedSales} currency={data.currency} today={data.today} />
          ) : null}
          <div className="dashboard-columns">
            <MachineSummary machines={data.machines} />
            {data.recentTransactions ? (
              restShown ? (
                <RecentTransactions rows={data.recentTransactions} timeZone={timeZone} />
              ) : (
                // Holds the second column, so the machines' card keeps its width when the latest sales arrive.
                <div aria-hidden />
              )
            ) : null}
          </div>
          {restShown && data.activePromotions ? (
            <ActivePromotions promotions={data.activePromotions} timeZone={timeZone} />
          ) : null}
        </div>
      ) : null}
      {/* Below the overview once it has its size: shown earlier, the shortcuts would jump down as it fills in. */}
      {loading || (data && !restShown) ? null : <ShortcutCards permissions={permissions} />}
    </>
  );
}
