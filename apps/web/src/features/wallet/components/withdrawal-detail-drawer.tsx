import type { TransactionRow } from '@sbo/contracts';
import { Descriptions, Drawer, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery, phoneQuery } from '../../../components/ui/use-media-query';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useWithdrawRecord, useWithdrawRecordTransactions } from '../api/withdraw-records';
import { WithdrawalStatusTag } from './withdrawal-status-tag';

const pageSize = 10;

/** One withdrawal: its amounts and account, and the transactions it paid out (paged). */
export function WithdrawalDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const phone = useMediaQuery(phoneQuery);
  const [page, setPage] = useState(1);
  const record = useWithdrawRecord(id);
  const transactions = useWithdrawRecordTransactions(id, page, pageSize);
  const data = record.data;

  const columns: TableColumnsType<TransactionRow> = [
    { key: 'transactionId', title: t('wallet.field.transactionId'), dataIndex: 'transactionId' },
    { key: 'createdAt', title: t('wallet.field.soldAt'), render: (_, row) => clock.dateTime(row.createdAt) },
    { key: 'place', title: t('wallet.field.place'), render: (_, row) => row.place?.name ?? '—' },
    { key: 'device', title: t('wallet.field.device'), render: (_, row) => row.device?.name ?? '—' },
    { key: 'payGateway', title: t('wallet.field.payGateway'), dataIndex: 'payGateway' },
    {
      key: 'total',
      title: t('wallet.field.total'),
      align: 'right',
      render: (_, row) => formatMoney(row.total, row.currency),
    },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      afterOpenChange={(open) => !open && setPage(1)}
      title={t('wallet.recordTitle')}
      size={phone ? '100%' : 820}
      destroyOnHidden
    >
      {data ? (
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered className="wallet-record-summary">
          <Descriptions.Item label={t('wallet.field.status')}>
            <WithdrawalStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.totalAmount')}>
            <strong>{formatMoney(data.totalAmount, data.currency)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.settlementAmount')}>
            {formatMoney(data.settlementAmount, data.currency)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.totalFee')}>
            {formatMoney(data.totalFee, data.currency)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.withdrawFee')}>
            {formatMoney(data.withdrawFee, data.currency)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.field.transactionCount')}>
            {formatNumber(data.transactionCount)}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.toAccount')}>
            {data.bankAccount.bankName} {data.bankAccount.accountNumber}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.field.provider')}>
            {data.provider}
            {data.providerReference ? ` · ${data.providerReference}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('wallet.field.createdAt')}>{clock.dateTime(data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('wallet.field.completedAt')}>
            {data.completedAt ? clock.dateTime(data.completedAt) : '—'}
          </Descriptions.Item>
          {data.failureReason ? (
            <Descriptions.Item label={t('wallet.field.failureReason')}>{data.failureReason}</Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      {record.isError ? <p role="alert">{record.error.message}</p> : null}
      <h3 className="wallet-drawer-heading">{t('wallet.paidTransactions')}</h3>
      {transactions.isError ? <p role="alert">{transactions.error.message}</p> : null}
      <Table<TransactionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={transactions.data?.items ?? []}
        loading={transactions.isFetching}
        scroll={{ x: 'max-content' }}
        data-testid="withdrawal-transactions"
        pagination={{
          current: page,
          pageSize,
          total: transactions.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Drawer>
  );
}
