import type { DeviceLogRow } from '@sbo/contracts';
import { Card, Empty, Pagination, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { liveSearch, rebaseFilters } from '../../../lib/address-filters';
import { ApiError } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { deviceLogPageSize, useDeviceLog } from '../api/device-log-list';
import { logContent } from './log-content';
import { LogFilterBar } from './log-filter-bar';
import { filtersFromSearch, searchFromFilters, type DeviceLogFilters } from './log-filters';
import './device-log.css';

const typeColors: Record<string, string> = { error: 'red', remoteControl: 'blue', connection: 'default' };

/** `/device-log`: what devices and people did, filtered by device, type and days, kept in the address. */
export function DeviceLogScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const [search, setSearch] = useSearchParams();
  const clock = useMerchantClock();
  const today = clock.today();
  const filters = useMemo(() => filtersFromSearch(search, today), [search, today]);
  const log = useDeviceLog(filters);
  const rows = log.data?.items ?? [];
  const apply = (next: DeviceLogFilters) =>
    setSearch(searchFromFilters(rebaseFilters(filters, next, filtersFromSearch(liveSearch(), today))), {
      replace: true,
    });

  const coins = (value: number | null) => (value === null ? '—' : formatNumber(value));
  const operator = (row: DeviceLogRow) => row.operator ?? t('deviceLog.operator.device');
  const typeTag = (row: DeviceLogRow) => (
    <Tag color={typeColors[row.logType] ?? 'gold'}>{t(`deviceLog.logType.${row.logType}`)}</Tag>
  );
  const empty = <Empty description={t('deviceLog.empty')} />;

  const body = () => {
    if (log.isError)
      return (
        <LoadFailed
          title={t('deviceLog.failed')}
          description={log.error instanceof ApiError ? log.error.message : t('api.genericError')}
          onRetry={log.refetch}
        />
      );
    if (isPhone)
      return (
        <div className="log-cards" aria-busy={log.isFetching}>
          {log.isPending ? <Card loading /> : rows.length === 0 ? empty : null}
          {rows.map((row) => (
            <Card key={row.id} size="small">
              <div className="log-card-head">
                {typeTag(row)}
                <time dateTime={row.createdAt}>{clock.dateTime(row.createdAt)}</time>
              </div>
              <p className="log-card-content">{logContent(row)}</p>
              <span className="log-card-meta">
                {row.deviceName ?? row.hwid ?? '—'} · {operator(row)}
              </span>
              {row.expectedCoins !== null || row.actualCoins !== null ? (
                <span className="log-card-meta">
                  {t('deviceLog.coinsLine', { expected: coins(row.expectedCoins), actual: coins(row.actualCoins) })}
                </span>
              ) : null}
            </Card>
          ))}
        </div>
      );
    return (
      <Table<DeviceLogRow>
        rowKey="id"
        size="small"
        dataSource={rows}
        loading={log.isFetching}
        pagination={false}
        locale={{ emptyText: empty }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('deviceLog.column.time'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: string) => clock.dateTime(value),
          },
          { title: t('deviceLog.column.type'), key: 'type', width: 130, render: (_, row) => typeTag(row) },
          {
            title: t('deviceLog.column.device'),
            key: 'device',
            render: (_, row) => row.deviceName ?? row.hwid ?? '—',
          },
          { title: t('deviceLog.column.operator'), key: 'operator', render: (_, row) => operator(row) },
          { title: t('deviceLog.column.content'), key: 'content', render: (_, row) => logContent(row) },
          {
            title: t('deviceLog.column.expectedCoins'),
            dataIndex: 'expectedCoins',
            align: 'right',
            width: 110,
            render: coins,
          },
          {
            title: t('deviceLog.column.actualCoins'),
            dataIndex: 'actualCoins',
            align: 'right',
            width: 110,
            render: coins,
          },
        ]}
      />
    );
  };

  return (
    <>
      <PageHeader title={t('screen.deviceLog')} />
      <Card>
        <LogFilterBar filters={filters} onChange={apply} />
        {body()}
        <Pagination
          className="log-pager"
          current={filters.page}
          pageSize={deviceLogPageSize}
          total={log.data?.total ?? 0}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={(page) => apply({ ...filters, page })}
        />
      </Card>
    </>
  );
}
