import type { Withdrawal } from '@sbo/contracts';
import { Button, Card, Empty, List, Pagination, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useWithdrawRecords } from '../api/withdraw-records';
import { WithdrawalDetailDrawer } from './withdrawal-detail-drawer';
import { WithdrawalStatusTag } from './withdrawal-status-tag';
import './wallet.css';

const pageSize = 20;

/** The masked number's last four digits are what people recognise an account by. */
const shortAccount = (masked: string) => `••${masked.slice(-4)}`;

/** `wallet/withdraw-record`: every withdrawal, newest first; a row opens what it paid out. */
export function WithdrawRecordScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const records = useWithdrawRecords(page, pageSize);
  const phone = useMediaQuery(phoneQuery);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.noRecords')} />;
  const money = (value: number, row: Withdrawal) => formatMoney(value, row.currency);

  const opener = (row: Withdrawal) => (
    <Button type="link" size="small" className="wallet-record-link" onClick={() => setOpenId(row.id)}>
      {clock.dateTime(row.createdAt)}
    </Button>
  );
  const columns: TableColumnsType<Withdrawal> = [
    { key: 'createdAt', title: t('wallet.field.createdAt'), render: (_, row) => opener(row) },
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
    {
      key: 'transactionCount',
      title: t('wallet.field.transactionCount'),
      align: 'right',
      render: (_, row) => formatNumber(row.transactionCount),
    },
    {
      key: 'account',
      title: t('wallet.toAccount'),
      render: (_, row) => `${row.bankAccount.bankName} ${shortAccount(row.bankAccount.accountNumber)}`,
    },
    {
      key: 'completedAt',
      title: t('wallet.field.completedAt'),
      render: (_, row) => (row.completedAt ? clock.dateTime(row.completedAt) : '—'),
    },
  ];

  return (
    <>
      <PageHeader title={t('screen.withdrawRecord')} />
      {records.isError ? (
        <LoadFailed title={t('wallet.recordsFailed')} description={records.error.message} onRetry={records.refetch} />
      ) : phone ? (
        <Card size="small">
          <List<Withdrawal>
            dataSource={records.data?.items ?? []}
            loading={records.isFetching && !records.data}
            locale={{ emptyText: empty }}
            data-testid="withdraw-records"
            renderItem={(row) => (
              <List.Item className="wallet-record-item" onClick={() => setOpenId(row.id)}>
                <div className="wallet-record-item-main">
                  {opener(row)}
                  <WithdrawalStatusTag status={row.status} />
                </div>
                <div className="wallet-record-item-side">
                  <strong>{money(row.totalAmount, row)}</strong>
                  <span className="wallet-muted">
                    {row.bankAccount.bankName} {shortAccount(row.bankAccount.accountNumber)}
                  </span>
                </div>
              </List.Item>
            )}
          />
          <Pagination
            className="wallet-record-pages"
            size="small"
            current={page}
            pageSize={pageSize}
            total={records.data?.total ?? 0}
            onChange={setPage}
            hideOnSinglePage
          />
        </Card>
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
            locale={{ emptyText: empty }}
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
