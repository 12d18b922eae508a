import type { Withdrawal } from '@sbo/contracts';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useWithdrawRecords } from '../api/withdraw-records';
import { WithdrawalDetailDrawer } from './withdrawal-detail-drawer';
import { WithdrawalStatusTag } from './withdrawal-status-tag';
import './wallet.css';

const pageSize = 20;

/** `wallet/withdraw-record`: every withdrawal, newest first; a row opens what it paid out. */
export function WithdrawRecordScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const records = useWithdrawRecords(page, pageSize);
  const money = (value: number, row: Withdrawal) => formatMoney(value, row.currency);

  const columns: TableColumnsType<Withdrawal> = [
    { key: 'createdAt', title: t('wallet.field.createdAt'), render: (_, row) => formatDateTime(row.createdAt) },
    { key: 'status', title: t('wallet.field.status'), render: (_, row) => <WithdrawalStatusTag status={row.status} /> },
    {
      key: 'totalAmount',
      title: t('wallet.totalAmount'),
      align: 'right',
      render: (_, row) => <strong>{money(row.totalAmount, row)}</strong>,
    },
    {
      key: 'withdrawFee',
      title: t('wallet.withdrawFee'),
      align: 'right',
      render: (_, row) => money(row.withdrawFee, row),
    },
    { key: 'totalFee', title: t('wallet.totalFee'), align: 'right', render: (_, row) => money(row.totalFee, row) },
    {
      key: 'transactionCount',
      title: t('wallet.field.transactionCount'),
      align: 'right',
      render: (_, row) => formatNumber(row.transactionCount),
    },
    {
      key: 'account',
      title: t('wallet.toAccount'),
      render: (_, row) => `${row.bankAccount.bankName} ${row.bankAccount.accountNumber}`,
    },
    {
      key: 'completedAt',
      title: t('wallet.field.completedAt'),
      render: (_, row) => (row.completedAt ? formatDateTime(row.completedAt) : '—'),
    },
    {
      key: 'open',
      title: <span className="visually-hidden">{t('wallet.details')}</span>,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
          {t('wallet.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screen.withdrawRecord')} />
      {records.isError ? (
        <StatusPanel
          status="error"
          level={2}
          title={t('wallet.recordsFailed')}
          description={records.error.message}
          actions={<Button onClick={() => void records.refetch()}>{t('action.retry')}</Button>}
        />
      ) : (
        <Card>
          <Table<Withdrawal>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={records.data?.items ?? []}
            loading={records.isFetching && !records.data}
            scroll={{ x: 'max-content' }}
            data-testid="withdraw-records"
            onRow={(row) => ({ onDoubleClick: () => setOpenId(row.id) })}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.noRecords')} /> }}
            pagination={{
              current: page,
              pageSize,
              total: records.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true,
            }}
          />
        </Card>
      )}
      <WithdrawalDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
