import type { TransactionRow } from '@sbo/contracts';
import { Card, Empty, Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gatewayLabel, statusColor, statusLabel } from '../../../components/ui/sales-filters/sales-labels';
import { formatDateTime, formatMoney } from '../../../lib/format';

type RecentTransactionsProps = { rows: TransactionRow[]; timeZone: string };

/** One sale: drawn again only when the sale itself changes (the overview keeps unchanged rows as they were). */
const RecentSale = memo(function RecentSale({ row, timeZone }: { row: TransactionRow; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={`/dashboard/transaction-record?detail=${row.id}`} className="recent-item">
        <span className="recent-item-main">
          <strong>{row.device?.name ?? '-'}</strong>
          <span className="recent-item-muted">
            {formatDateTime(row.createdAt, undefined, timeZone)} · {gatewayLabel(row.payGateway)}
          </span>
        </span>
        <span className="recent-item-side">
          <strong>{formatMoney(row.total, row.currency)}</strong>
          <Tag color={statusColor[row.status]}>{statusLabel(t, row.status)}</Tag>
        </span>
      </Link>
    </li>
  );
});

/** The latest sales, newest first; each opens in the records. */
export const RecentTransactions = memo(function RecentTransactions({ rows, timeZone }: RecentTransactionsProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('dashboard.recent.title')}
      extra={<Link to="/dashboard/transaction-record">{t('dashboard.recent.all')}</Link>}
      data-testid="recent-transactions"
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.recent.empty')} />
      ) : (
        <ul className="recent-list">
          {rows.map((row) => (
            <RecentSale key={row.id} row={row} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Card>
  );
});
