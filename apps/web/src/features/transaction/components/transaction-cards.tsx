import type { TransactionRow } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneCards } from '../../../components/ui/phone-cards';
import { gatewayLabel, statusColor, statusLabel } from '../../../components/ui/sales-filters/sales-labels';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { RecordsPage } from '../api/keys';

type TransactionCardsProps = {
  rows: TransactionRow[];
  total: number;
  page: RecordsPage;
  timeZone: string;
  onPageChange: (page: RecordsPage) => void;
  onOpen: (id: number) => void;
};

/** The phone layout: one card a record, the amount first, the whole card opens the detail. */
export function TransactionCards({ rows, total, page, timeZone, onPageChange, onOpen }: TransactionCardsProps) {
  const { t } = useTranslation();
  return (
    <PhoneCards
      rows={rows}
      rowKey={(row) => row.id}
      className="transaction-cards"
      testId="transaction-cards"
      card={(row) => (
        <button type="button" className="transaction-card" onClick={() => onOpen(row.id)}>
          <span className="transaction-card-top">
            <strong className="transaction-card-amount">{formatMoney(row.total, row.currency)}</strong>
            <Tag color={statusColor[row.status]}>{statusLabel(t, row.status)}</Tag>
          </span>
          <span className="transaction-card-line">
            {row.device?.name ?? '-'} · {row.place?.name ?? '-'}
          </span>
          <span className="transaction-card-line transaction-card-muted">
            {formatDateTime(row.createdAt, undefined, timeZone)} · {gatewayLabel(row.payGateway)}
          </span>
          <span className="transaction-card-line transaction-card-muted">{row.transactionId}</span>
        </button>
      )}
      page={page}
      total={total}
      onPage={(current) => onPageChange({ ...page, page: current })}
      pagerClassName="transaction-cards-pagination"
    />
  );
}
