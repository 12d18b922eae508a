import type { DashboardOverview } from '@sbo/contracts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

type Sales = NonNullable<DashboardOverview['sales']>;
type Period = Sales['today'];

/** The change against the same stretch of the period before (yesterday by this time, last month by this day). */
function Change({ current, previous, basisKey }: { current: number; previous: number; basisKey: string }) {
  const { t } = useTranslation();
  if (previous === 0) return null;
  const change = (current - previous) / Math.abs(previous);
  const Icon = change >= 0 ? ArrowUpOutlined : ArrowDownOutlined;
  const percent = new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(change);
  return (
    <p className="sales-period-change" data-testid="sales-change">
      <span className={`sales-change sales-change-${change >= 0 ? 'up' : 'down'}`}>
        <Icon aria-hidden /> {percent}
      </span>{' '}
      {t(basisKey)}
    </p>
  );
}

type PeriodCardProps = {
  titleKey: string;
  compareKey: string;
  basisKey: string;
  current: Period;
  previous: Period;
  previousSoFar: Period;
  currency: string;
};

/** One period's card: drawn again only when its own figures change (the overview keeps unchanged ones). */
const PeriodCard = memo(function PeriodCard({
  titleKey,
  compareKey,
  basisKey,
  current,
  previous,
  previousSoFar,
  currency,
}: PeriodCardProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t(titleKey)} className="sales-period" data-testid="sales-period">
      <p className="sales-period-revenue">{formatMoney(current.revenue, currency)}</p>
      <p className="sales-period-count">{t('dashboard.sales.count', { count: current.count })}</p>
      <Change current={current.revenue} previous={previousSoFar.revenue} basisKey={basisKey} />
      <p className="sales-period-compare">
        {t(compareKey)}: {formatMoney(previous.revenue, currency)} ·{' '}
        {t('dashboard.sales.count', { count: previous.count })}
      </p>
    </Card>
  );
});

/**
 * Today against yesterday and this month against last month, revenue after refunds. The change compares
 * like with like (yesterday up to this time, last month up to this day); the whole period is shown beside.
 */
export const SalesAtAGlance = memo(function SalesAtAGlance({ sales, currency }: { sales: Sales; currency: string }) {
  return (
    <div className="dashboard-sales">
      <PeriodCard
        titleKey="dashboard.sales.today"
        compareKey="dashboard.sales.yesterday"
        basisKey="dashboard.sales.changeDay"
        current={sales.today}
        previous={sales.yesterday}
        previousSoFar={sales.yesterdaySoFar}
        currency={currency}
      />
      <PeriodCard
        titleKey="dashboard.sales.thisMonth"
        compareKey="dashboard.sales.lastMonth"
        basisKey="dashboard.sales.changeMonth"
        current={sales.thisMonth}
        previous={sales.lastMonth}
        previousSoFar={sales.lastMonthSoFar}
        currency={currency}
      />
    </div>
  );
});
