import type { DashboardOverview } from '@sbo/contracts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

type Sales = NonNullable<DashboardOverview['sales']>;
type Period = Sales['today'];

function Change({ current, previous }: { current: number; previous: number }) {
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
    <span className={`sales-change sales-change-${change >= 0 ? 'up' : 'down'}`} title={t('dashboard.sales.change')}>
      <Icon aria-hidden /> {percent}
    </span>
  );
}

type PeriodCardProps = { titleKey: string; compareKey: string; current: Period; previous: Period; currency: string };

function PeriodCard({ titleKey, compareKey, current, previous, currency }: PeriodCardProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t(titleKey)} className="sales-period" data-testid="sales-period">
      <p className="sales-period-revenue">{formatMoney(current.revenue, currency)}</p>
      <p className="sales-period-count">
        {t('dashboard.sales.count', { count: current.count })}{' '}
        <Change current={current.revenue} previous={previous.revenue} />
      </p>
      <p className="sales-period-compare">
        {t(compareKey)}: {formatMoney(previous.revenue, currency)} ·{' '}
        {t('dashboard.sales.count', { count: previous.count })}
      </p>
    </Card>
  );
}

/** Today against yesterday and this month against last month, revenue after refunds. */
export function SalesAtAGlance({ sales, currency }: { sales: Sales; currency: string }) {
  return (
    <div className="dashboard-sales">
      <PeriodCard
        titleKey="dashboard.sales.today"
        compareKey="dashboard.sales.yesterday"
        current={sales.today}
        previous={sales.yesterday}
        currency={currency}
      />
      <PeriodCard
        titleKey="dashboard.sales.thisMonth"
        compareKey="dashboard.sales.lastMonth"
        current={sales.thisMonth}
        previous={sales.lastMonth}
        currency={currency}
      />
    </div>
  );
}
