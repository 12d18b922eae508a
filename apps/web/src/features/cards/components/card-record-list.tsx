import type { CardEntry } from '@sbo/contracts/schemas/cards';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneCards } from '../../../components/ui/phone-cards';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { tablePager, type PageParams } from '../../../lib/page-params';
import { kindColor } from './card-labels';

type CardRecordListProps = {
  rows: CardEntry[];
  total: number;
  page: PageParams;
  loading: boolean;
  timeZone: string;
  isPhone: boolean;
  /** Where a card number leads; none inside the card's own history, which shows no card column. */
  cardLink?: (cardId: number) => string;
  /** The OK card collects no points: its records leave the points column out. */
  showPoints: boolean;
  onPageChange: (page: PageParams) => void;
};

const signed = (minor: number, currency: string) => (minor > 0 ? '+' : '') + formatMoney(minor, currency);
const signedPoints = (points: number) => (points > 0 ? '+' : '') + formatNumber(points);

/** Ledger entries a page at a time: a table on a wide screen, one card an entry on a phone. */
export function CardRecordList(props: CardRecordListProps) {
  const { rows, total, page, loading, timeZone, isPhone, cardLink, showPoints, onPageChange } = props;
  const { t } = useTranslation();
  const number = (row: CardEntry) =>
    cardLink ? <Link to={cardLink(row.card.id)}>{row.card.number}</Link> : row.card.number;

  if (isPhone)
    return (
      <PhoneCards
        rows={rows}
        rowKey={(row) => row.id}
        className="card-entry-cards"
        testId="card-record-cards"
        itemClassName="card-entry-card"
        card={(row) => (
          <>
            <span className="card-entry-top">
              <strong className={(row.balanceChange || row.pointChange) < 0 ? 'card-amount-out' : 'card-amount-in'}>
                {row.balanceChange ? signed(row.balanceChange, row.currency) : signedPoints(row.pointChange)}
              </strong>
              <Tag color={kindColor[row.kind]}>{t(`cards.kind.${row.kind}`)}</Tag>
            </span>
            <span>
              {number(row)} · {row.device?.name ?? row.place?.name ?? t('cards.records.counter')}
            </span>
            <span className="card-muted">
              {formatDateTime(row.createdAt, undefined, timeZone)} · {t('cards.field.balanceAfter')}{' '}
              {formatMoney(row.balanceAfter, row.currency)}
            </span>
            {row.reason ? <span className="card-muted">{row.reason}</span> : null}
          </>
        )}
        page={page}
        total={total}
        onPage={(current) => onPageChange({ ...page, page: current })}
        pagerClassName="card-pagination"
      />
    );

  const allColumns: NonNullable<TableProps<CardEntry>['columns']> = [
    {
      key: 'createdAt',
      title: t('cards.field.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => <span className="card-nowrap">{formatDateTime(value, undefined, timeZone)}</span>,
    },
    {
      key: 'kind',
      title: t('cards.field.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (value: CardEntry['kind']) => <Tag color={kindColor[value]}>{t(`cards.kind.${value}`)}</Tag>,
    },
    { key: 'card', title: t('cards.field.number'), width: 130, render: (_, row) => number(row) },
    {
      key: 'where',
      title: t('cards.field.where'),
      width: 220,
      ellipsis: true,
      render: (_, row) =>
        row.device || row.place
          ? [row.device?.name, row.place?.name].filter(Boolean).join(' · ')
          : t('cards.records.counter'),
    },
    {
      key: 'balanceChange',
      title: t('cards.field.balanceChange'),
      dataIndex: 'balanceChange',
      align: 'right',
      width: 120,
      render: (value: number, row) =>
        value ? (
          <span className={value < 0 ? 'card-amount-out' : 'card-amount-in'}>{signed(value, row.currency)}</span>
        ) : (
          '-'
        ),
    },
    {
      key: 'pointChange',
      title: t('cards.field.pointChange'),
      dataIndex: 'pointChange',
      align: 'right',
      width: 120,
      render: (value: number) => (value ? signedPoints(value) : '-'),
    },
    {
      key: 'balanceAfter',
      title: t('cards.field.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 120,
      render: (value: number, row) => formatMoney(value, row.currency),
    },
    {
      key: 'reason',
      title: t('cards.field.reason'),
      width: 200,
      ellipsis: true,
      render: (_, row) =>
        row.reason ? (
          <span title={[row.reason, row.actor].filter(Boolean).join(' · ')}>
            {row.reason}
            {row.actor ? <span className="card-muted"> · {row.actor}</span> : null}
          </span>
        ) : (
          '-'
        ),
    },
  ];

  const columns = allColumns.filter(
    (column) => (cardLink || column.key !== 'card') && (showPoints || column.key !== 'pointChange'),
  );
  return (
    <Table<CardEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      // Empty, the table needs no sideways scrolling (a scroll area with nothing to focus is a keyboard trap).
      scroll={
        rows.length > 0 ? { x: columns.reduce((sum, column) => sum + Number(column.width ?? 120), 0) } : undefined
      }
      data-testid="card-record-table"
      locale={{ emptyText: t('cards.records.empty') }}
      pagination={tablePager(page, total, (count) => t('cards.records.count', { count }))}
      onChange={(pagination) =>
        onPageChange({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize })
      }
    />
  );
}
