import type { BatchAction } from '@sbo/contracts';
import { Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { liveSearch, rebaseFilters } from '../../../lib/address-filters';
import { ApiError } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { devicePageSize, useDeviceList } from '../api/device-list';
import { useDeviceLiveUpdates } from '../api/live-updates';
import { noSelection, type DeviceSelection } from '../utils/batch-actions';
import { filterFromSearch, hasFilters, searchFromFilter, type DeviceListFilter } from '../utils/list-filter';
import { useDevicePermissions } from '../utils/permissions';
import { BatchCommandDialog } from './batch-command-dialog';
import { DeviceFilters } from './device-filters';
import { DeviceCards, DeviceTable, deviceInfoPath } from './device-list-views';
import { DeviceSelectionBar } from './device-selection-bar';
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
  const { remote } = useDevicePermissions();
  const [selection, setSelection] = useState<DeviceSelection>(noSelection);
  // The selection is taken when a command is chosen: clearing it after sending leaves the dialog as it is.
  const [request, setRequest] = useState<{ action: BatchAction; selection: DeviceSelection } | null>(null);
  const selecting = remote ? { selection, onSelect: setSelection } : undefined;

  const changeFilter = (next: DeviceListFilter) => {
    // Machines picked by hand stay picked across filters and pages; "all matching" belongs to its filter.
    if (selection.kind === 'matching') setSelection(noSelection);
    setSearch(searchFromFilter(rebaseFilters(filter, next, filterFromSearch(liveSearch()))));
  };
  const open = (id: number) => void navigate(deviceInfoPath(id));
  const devices = list.data?.items ?? [];

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data)
    body = (
      <LoadFailed
        title={t('devices.list.loadFailed')}
        description={list.error instanceof ApiError ? list.error.message : undefined}
        onRetry={list.refetch}
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
  else
    body = phone ? (
      <DeviceCards devices={devices} onOpen={open} selecting={selecting} />
    ) : (
      <DeviceTable devices={devices} onOpen={open} selecting={selecting} />
    );

  const total = list.data?.total ?? 0;
  return (
    <>
      <PageHeader title={t('screen.deviceList')} description={t('devices.list.description')} />
      <Card className="device-list-card">
        <DeviceFilters filter={filter} onChange={changeFilter} />
        <div className="device-list-summary" aria-live="polite">
          {list.data ? t('devices.list.count', { formatted: formatNumber(total) }) : null}
        </div>
        {remote && devices.length > 0 ? (
          <DeviceSelectionBar
            selection={selection}
            onChange={setSelection}
            devices={devices}
            filter={filter}
            total={total}
            onAction={(action) => setRequest({ action, selection })}
          />
        ) : null}
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
      <BatchCommandDialog request={request} onClose={() => setRequest(null)} onSent={() => setSelection(noSelection)} />
    </>
  );
}
