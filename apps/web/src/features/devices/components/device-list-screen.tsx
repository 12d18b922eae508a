import { Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { ApiError } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { devicePageSize, useDeviceList } from '../api/device-list';
import { useDeviceLiveUpdates } from '../api/live-updates';
import { filterFromSearch, hasFilters, searchFromFilter, type DeviceListFilter } from '../utils/list-filter';
import { DeviceFilters } from './device-filters';
import { DeviceCards, DeviceTable, deviceInfoPath } from './device-list-views';
import './devices.css';

/** `/device`: every device the member may see, live, filtered by place, machine type and status. */
export function DeviceListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery(phoneQuery);
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const list = useDeviceList(filter);
  useDeviceLiveUpdates();

  const changeFilter = (next: DeviceListFilter) => setSearch(searchFromFilter(next));
  const open = (id: number) => void navigate(deviceInfoPath(id));
  const devices = list.data?.items ?? [];

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data)
    body = (
      <StatusPanel
        status="error"
        level={2}
        title={t('devices.list.loadFailed')}
        description={list.error instanceof ApiError ? list.error.message : undefined}
        actions={<Button onClick={() => void list.refetch()}>{t('action.retry')}</Button>}
      />
    );
  else if (devices.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={hasFilters(filter) ? t('devices.list.noMatch') : t('devices.list.empty')}
      >
        {hasFilters(filter) ? (
          <Button onClick={() => changeFilter({ page: 1 })}>{t('devices.filter.clear')}</Button>
        ) : null}
      </Empty>
    );
  else body = phone ? <DeviceCards devices={devices} onOpen={open} /> : <DeviceTable devices={devices} onOpen={open} />;

  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title={t('screen.deviceList')} description={t('devices.list.description')} />
      <Card className="device-list-card">
        <DeviceFilters filter={filter} onChange={changeFilter} />
        <div className="device-list-summary" aria-live="polite">
          {list.data ? t('devices.list.count', { formatted: formatNumber(total) }) : null}
        </div>
        <div aria-busy={list.isFetching}>{body}</div>
        {total > devicePageSize ? (
          <Pagination
            className="device-list-pagination"
            current={filter.page}
            pageSize={devicePageSize}
            total={total}
            showSizeChanger={false}
            onChange={(page) => changeFilter({ ...filter, page })}
          />
        ) : null}
      </Card>
    </>
  );
}
