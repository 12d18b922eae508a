import type { TransactionRow } from '@sbo/contracts';
import { Button, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { tablePager } from '../../../lib/page-params';
import { gatewayLabel, statusColor, statusLabel } from '../../../components/ui/sales-filters/sales-labels';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { RecordsPage } from '../api/keys';

type TransactionTableProps = {
  rows: TransactionRow[];
  total: number;
  page: RecordsPage;
  loading: boolean;
  timeZone: string;
  onPageChange: (page: RecordsPage) => void;
  onOpen: (id: number) => void;
};

/** Records a page at a time, sorted and paged by the server. */
export function TransactionTable({
  rows,
  total,
  page,
  loading,
  timeZone,
  onPageChange,
  onOpen,
}: TransactionTableProps) {
  const { t } = useTranslation();
  const sortOrder = (key: RecordsPage['sort']) =>
    page.sort === key ? (page.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableProps<TransactionRow>['columns'] = [
    {
      key: 'createdAt',
      title: t('sales.column.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: string) => <span className="transaction-time">{formatDateTime(value, undefined, timeZone)}</span>,
    },
    {
      key: 'transactionId',
      title: t('sales.column.transactionId'),
      dataIndex: 'transactionId',
      render: (value: string, row) => (
        <Button type="link" className="transaction-link" onClick={() => onOpen(row.id)}>
          {value}
        </Button>
      ),
    },
    { key: 'place', title: t('sales.column.place'), render: (_, row) => row.place?.name ?? '-' },
    { key: 'device', title: t('sales.column.device'), render: (_, row) => row.device?.name ?? '-' },
    {
      key: 'payGateway',
      title: t('sales.column.payGateway'),
      dataIndex: 'payGateway',
      render: (value: string) => gatewayLabel(value),
    },
    {
      key: 'status',
      title: t('sales.column.status'),
      dataIndex: 'status',
      render: (value: number) => <Tag color={statusColor[value]}>{statusLabel(t, value)}</Tag>,
    },
    {
      key: 'total',
      title: t('sales.column.total'),
      dataIndex: 'total',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('total'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: number, row) => formatMoney(value, row.currency),
    },
    {
      key: 'refund',
      title: t('sales.column.refund'),
      dataIndex: 'refund',
      align: 'right',
      render: (value: number, row) => (value ? formatMoney(value, row.currency) : '-'),
    },
  ];

  return (
    <Table<TransactionRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 960 }}
      data-testid="transaction-table"
      pagination={tablePager(page, total, (count) => t('transactions.count', { count }))}
      onChange={(pagination, _filters, sorter, extra) => {
        const sorted = Array.isArray(sorter) ? sorter[0] : sorter;
        const sortKey = sorted?.order ? (sorted.columnKey === 'total' ? 'total' : 'createdAt') : 'createdAt';
        const order = sorted?.order === 'ascend' ? 'asc' : 'desc';
        const sortChanged = extra.action === 'sort';
        onPageChange({
          page: sortChanged ? 1 : (pagination.current ?? 1),
          pageSize: pagination.pageSize ?? page.pageSize,
          sort: sortKey,
          order,
        });
      }}
    />
  );
}
