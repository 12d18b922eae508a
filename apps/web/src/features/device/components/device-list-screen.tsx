import type { BatchAction, DeviceListItem } from '@sbo/contracts';
import { Button, Card, Empty, Pagination, Skeleton } from 'antd';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
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
import { noSelection, toggled, type DeviceSelection } from '../utils/batch-actions';
import { filterFromSearch, hasFilters, searchFromFilter, type DeviceListFilter } from '../utils/list-filter';
import { useDevicePermissions } from '../utils/permissions';
import { BatchCommandDialog } from './batch-command-dialog';
import { DeviceFilters } from './device-filters';
import { DeviceCards, DeviceTable, deviceInfoPath, type Selecting } from './device-list-views';
import { DeviceSelectionBar } from './device-selection-bar';
import './devices.css';

const noDevices: DeviceListItem[] = [];

// A live update redraws the list's one changed row: the rest of the screen keeps its props and is skipped.
const Filters = memo(DeviceFilters);
const SelectionBar = memo(DeviceSelectionBar);
const Dialog = memo(BatchCommandDialog);
const Cards = memo(DeviceCards);
const Rows = memo(DeviceTable);

/**
 * The page's machines as the selection bar uses them (ids and names): the same array while only their live
 * fields change, so the bar is not drawn again for each update.
 */
function usePageMachines(devices: DeviceListItem[]): DeviceListItem[] {
  const key = devices.map((device) => `${device.id}:${device.name}`).join('\n');
  return useMemo(() => devices, [key]);
}

/** `/device`: every device the member may see, live, filtered by place, machine type and status. */
export function DeviceListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery(phoneQuery);
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  const filter = useMemo(() => filterFromSearch(new URLSearchParams(searchText)), [searchText]);
  const list = useDeviceList(filter);
  useDeviceLiveUpdates();
  const { remote } = useDevicePermissions();
  const [selection, setSelection] = useState<DeviceSelection>(noSelection);
  // The selection is taken when a command is chosen: clearing it after sending leaves the dialog as it is.
  const [request, setRequest] = useState<{ action: BatchAction; selection: DeviceSelection } | null>(null);
  const onToggle = useCallback(
    (devices: DeviceListItem[], selected: boolean) => setSelection((current) => toggled(current, devices, selected)),
    [],
  );
  const selecting = useMemo<Selecting | undefined>(
    () => (remote ? { selection, onToggle } : undefined),
    [remote, selection, onToggle],
  );

  const allMatching = selection.kind === 'matching';
  const changeFilter = useCallback(
    (next: DeviceListFilter) => {
      // Machines picked by hand stay picked across filters and pages; "all matching" belongs to its filter.
      if (allMatching) setSelection(noSelection);
      setSearch(searchFromFilter(rebaseFilters(filter, next, filterFromSearch(liveSearch()))));
    },
    [allMatching, filter, setSearch],
  );
  const open = useCallback((id: number) => void navigate(deviceInfoPath(id)), [navigate]);
  const onAction = useCallback((action: BatchAction) => setRequest({ action, selection }), [selection]);
  const closeDialog = useCallback(() => setRequest(null), []);
  const clearSelection = useCallback(() => setSelection(noSelection), []);
  // The list renders at a transition's priority, in slices, so a page's arrival or a batch of live updates
  // is no long task on a phone (as the dashboard's overview).
  const data = useDeferredValue(list.data);
  const devices = data?.items ?? noDevices;
  const pageMachines = usePageMachines(devices);

  let body;
  if (list.isPending || (list.data !== undefined && data === undefined))
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !data)
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
      <Cards devices={devices} onOpen={open} selecting={selecting} listKey={filter} />
    ) : (
      <Rows devices={devices} onOpen={open} selecting={selecting} />
    );

  const total = data?.total ?? 0;
  return (
    <>
      <PageHeader title={t('screen.deviceList')} description={t('devices.list.description')} />
      <Card className="device-list-card">
        <Filters filter={filter} onChange={changeFilter} />
        <div className="device-list-summary" aria-live="polite">
          {data ? t('devices.list.count', { formatted: formatNumber(total) }) : null}
        </div>
        {remote && devices.length > 0 ? (
          <SelectionBar
            selection={selection}
            onChange={setSelection}
            devices={pageMachines}
            filter={filter}
            total={total}
            onAction={onAction}
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
      <Dialog request={request} onClose={closeDialog} onSent={clearSelection} />
    </>
  );
}
