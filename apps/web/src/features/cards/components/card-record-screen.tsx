import { DownloadOutlined } from '@ant-design/icons';
import type { CardProgram } from '@sbo/contracts/schemas/cards';
import { Button, Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { liveSearch, rebaseFilters } from '../../../lib/address-filters';
import { isPageLoading, readPageParams, writePageParams, type PageParams } from '../../../lib/page-params';
import { useCardRecords } from '../api/card-records';
import { useExportCardRecords } from '../api/export-card-records';
import { cardPaths } from '../utils/card-paths';
import {
  readCardRecordFilters,
  toCardRecordQuery,
  writeCardRecordFilters,
  type CardRecordFilters,
} from '../utils/record-filters';
import { CardRecordFilterBar } from './card-record-filter-bar';
import { CardRecordList } from './card-record-list';
import { CardRecordTotals } from './card-record-totals';
import './cards.css';

type CardRecordsProps = {
  program: CardProgram;
  /** A card's history (its detail screen). */
  cardId?: number;
  /** One machine's trades (the OK machine-state view). */
  deviceId?: number;
  /** Inside another screen: a section heading instead of the page's. */
  title?: string;
};

/** The card records: every ledger entry of a program, filtered, paged, totalled and exported. */
export function CardRecords({ program, cardId, deviceId, title }: CardRecordsProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const defaultRange = cardId || deviceId ? 'threeMonths' : 'today';
  const filters = useMemo(() => readCardRecordFilters(params, defaultRange), [params, defaultRange]);
  const page = readPageParams(params);
  const query = useMemo(
    () => toCardRecordQuery(filters, page, { program, cardId, deviceId }, timeZone),
    [filters, page, program, cardId, deviceId, timeZone],
  );
  const records = useCardRecords(query, mayRead);
  const exporter = useExportCardRecords();
  const paths = cardPaths(program, pathname);

  const setFilters = (next: CardRecordFilters) =>
    setParams(
      () => {
        const live = liveSearch();
        return writeCardRecordFilters(live, rebaseFilters(filters, next, readCardRecordFilters(live, defaultRange)));
      },
      { replace: true },
    );
  const setPage = (next: PageParams) => setParams((current) => writePageParams(current, next), { replace: true });

  const exportButton = (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={exporter.isPending}
      disabled={!records.data?.total}
      onClick={() => void exporter.mutateAsync(query).catch(() => undefined)}
    >
      {t('cards.records.export')}
    </Button>
  );
  const heading = title ? (
    <div className="card-section-heading">
      <h2>{title}</h2>
      {exportButton}
    </div>
  ) : (
    <PageHeader
      title={t(program === 'ok' ? 'screen.okCardTradeRecord' : 'screen.vipCardTransactionRecord')}
      extra={exportButton}
    />
  );

  if (!mayRead)
    return (
      <>
        {heading}
        <NoPermission reason={t('cards.noPermission')} />
      </>
    );
  const rows = records.data?.items ?? [];
  return (
    <section className="card-records" aria-label={title}>
      {heading}
      <CardRecordFilterBar
        filters={filters}
        timeZone={timeZone}
        onChange={setFilters}
        hide={{ card: cardId !== undefined, device: deviceId !== undefined }}
      />
      {records.isError && !records.data ? (
        <LoadFailed title={t('cards.records.loadFailed')} onRetry={records.refetch} />
      ) : (
        <>
          {records.data ? (
            <CardRecordTotals
              totals={records.data.totals}
              currency={records.data.currency}
              showPoints={program === 'vip'}
            />
          ) : null}
          {isPhone && !rows.length ? (
            <Card loading={records.isLoading} size="small">
              <Empty description={t('cards.records.empty')} />
            </Card>
          ) : (
            <CardRecordList
              rows={rows}
              total={records.data?.total ?? 0}
              page={page}
              loading={isPageLoading(records)}
              timeZone={timeZone}
              isPhone={isPhone}
              cardLink={cardId ? undefined : paths.detail}
              showPoints={program === 'vip'}
              onPageChange={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
