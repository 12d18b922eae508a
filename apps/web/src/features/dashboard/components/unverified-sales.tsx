import type { DashboardOverview } from '@sbo/contracts';
import { transactionStatuses } from '@sbo/contracts/constants';
import { Alert } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';

type Unverified = NonNullable<DashboardOverview['unverifiedSales']>;

/**
 * Sales machines reported with a mobile payment that no confirmed payment order matches yet: shown
 * apart, since they are not revenue and never reach the wallet. Nothing shows when there are none.
 */
type UnverifiedSalesProps = { unverified: Unverified; currency: string; today: string };

export const UnverifiedSales = memo(function UnverifiedSales({ unverified, currency, today }: UnverifiedSalesProps) {
  const { t } = useTranslation();
  if (unverified.count === 0) return null;
  const records = new URLSearchParams({
    range: 'custom',
    from: unverified.from,
    to: today,
    status: String(transactionStatuses.unverified),
  });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="unverified-sales"
      message={t('dashboard.unverified.title', {
        count: unverified.count,
        amount: formatMoney(unverified.total, currency),
      })}
      description={
        <>
          {t('dashboard.unverified.explanation')}{' '}
          <Link to={`/dashboard/transaction-record?${records.toString()}`}>{t('dashboard.unverified.show')}</Link>
        </>
      }
    />
  );
});
