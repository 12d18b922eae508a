import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { SalesFilterBar } from '../../../components/ui/sales-filters/sales-filter-bar';
import { useMerchantMoney, useSalesFilters } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { isPageLoading } from '../../../lib/page-params';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { toSalesQuery } from '../../../lib/sales-filters';
import { useExportTransactions, type ExportFormat } from '../api/export-transactions';
import type { RecordsPage } from '../api/keys';
import { useTransactionList } from '../api/transaction-list';
import { readRecordsPage, writeRecordsPage } from './record-page';
import { TransactionCards } from './transaction-cards';
import { TransactionDetailDrawer } from './transaction-detail-drawer';
import { TransactionTable } from './transaction-table';
import { TransactionTotalsBar } from './transaction-totals';
import './transactions.css';

/** `dashboard/transaction-record`: every sale, filtered, paged and sorted by the server, with totals. */
export function TransactionRecordScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const { timeZone, permissions } = useMerchantMoney();
  const { filters, setFilters, params, setParams } = useSalesFilters('today');
  const page = readRecordsPage(params);
  const query = useMemo(() => toSalesQuery(filters, timeZone), [filters, timeZone]);
  const mayRead = permissions.has('transaction.read');
  const list = useTransactionList(query, page, timeZone, mayRead);
  const exporter = useExportTransactions();
  const openId = Number(params.get('detail')) || null;

  const setPage = (next: RecordsPage) => setParams((current) => writeRecordsPage(current, next), { replace: true });
  const setOpenId = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('detail');
      else next.set('detail', String(id));
      return next;
    });
  const download = (format: ExportFormat) => exporter.mutateAsync({ query, format, timeZone }).catch(() => {});

  const exportButtons = (
    <Space wrap>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={exporter.isPending && exporter.variables.format === format}
          disabled={!list.data?.total}
          onClick={() => void download(format)}
        >
          {t(`transactions.export.${format}`)}
        </Button>
      ))}
    </Space>
  );

  const rows = list.data?.items ?? [];
  if (!mayRead) return <NoPermission title={t('screen.transactionRecord')} reason={t('sales.noPermission')} />;
  return (
    <>
      <PageHeader title={t('screen.transactionRecord')} extra={exportButtons} />
      <SalesFilterBar filters={filters} timeZone={timeZone} onChange={setFilters} withStatus />
      {list.isError && !list.data ? (
        <LoadFailed title={t('transactions.loadFailed')} onRetry={list.refetch} />
      ) : (
        <>
          {list.data ? (
            <TransactionTotalsBar
              totals={list.data.totals}
              currency={list.data.currency}
              records={list.data.total}
              notCounted={list.data.notCounted}
            />
          ) : null}
          {isPhone ? (
            <Card loading={list.isLoading} size="small" className="transaction-cards-card">
              {rows.length ? (
                <TransactionCards
                  rows={rows}
                  total={list.data?.total ?? 0}
                  page={page}
                  timeZone={timeZone}
                  onPageChange={setPage}
                  onOpen={setOpenId}
                />
              ) : (
                <Empty description={t('transactions.empty')} />
              )}
            </Card>
          ) : (
            <TransactionTable
              rows={rows}
              total={list.data?.total ?? 0}
              page={page}
              loading={isPageLoading(list)}
              timeZone={timeZone}
              onPageChange={setPage}
              onOpen={setOpenId}
            />
          )}
        </>
      )}
      <TransactionDetailDrawer
        id={openId}
        timeZone={timeZone}
        canRefund={permissions.has('transaction.refund')}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
