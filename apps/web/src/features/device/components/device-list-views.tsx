import type { DeviceListItem } from '@sbo/contracts';
import { Badge, Checkbox, List, Table, type TableColumnsType } from 'antd';
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { useGradualCount } from '../../../lib/use-gradual-count';
import type { DeviceSelection } from '../utils/batch-actions';
import { machineTypeLabel } from '../utils/machine-type';
import { DeviceStatusTag } from './device-status-tag';
import { RemainingTime } from './remaining-time';

export const deviceInfoPath = (id: number) => `/device/info?id=${id}`;

// The pieces of a row are memoised on the fields they show: a live update draws again only what changed
// in the one row it touches (list pages keep the row objects of devices that did not change).

const Connection = memo(function Connection({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      className="device-connection"
      status={online ? 'success' : 'default'}
      text={online ? t('devices.connection.online') : t('devices.connection.offline')}
    />
  );
});

const StageText = memo(function StageText({ course, stage }: { course: string | null; stage: string }) {
  const { t } = useTranslation();
  const courseText = course ? t(`devices.course.${course}`, { defaultValue: course }) : null;
  const stageText = stage === 'none' ? null : t(`devices.stage.${stage}`);
  return <>{[courseText, stageText].filter(Boolean).join(' · ') || '–'}</>;
});

type DeviceFact = { key: string; label: string; value: (device: DeviceListItem) => ReactNode };

/** What both views show of a device under a label, in their order: the table's columns, the card's facts. */
function useDeviceFacts(): DeviceFact[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'product',
        label: t('devices.field.product'),
        value: (device: DeviceListItem) => device.product?.name ?? '–',
      },
      {
        key: 'online',
        label: t('devices.field.connection'),
        value: (device: DeviceListItem) => <Connection online={device.online} />,
      },
      {
        key: 'stage',
        label: t('devices.field.stage'),
        value: (device: DeviceListItem) => <StageText course={device.currentCourse} stage={device.stage} />,
      },
      {
        key: 'remaining',
        label: t('devices.field.remaining'),
        value: (device: DeviceListItem) => (
          <RemainingTime remainingSeconds={device.remainingSeconds} reportedAt={device.reportedAt} />
        ),
      },
    ],
    [t],
  );
}

/**
 * Present when the member may command machines: the list then has a checkbox per device. `onToggle` picks
 * or drops devices from whatever the selection is when it runs (the views keep the same function).
 */
export type Selecting = {
  selection: DeviceSelection;
  onToggle: (devices: DeviceListItem[], selected: boolean) => void;
};
type ViewProps = { devices: DeviceListItem[]; onOpen: (id: number) => void; selecting?: Selecting };

const isSelected = (selection: DeviceSelection, id: number) => selection.kind === 'matching' || selection.names.has(id);

/** A click on the row outside the name link (and the selection box) opens the device; the link itself navigates once. */
const rowClick = (onOpen: (id: number) => void, id: number) => (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest('a, .ant-table-selection-column, .ant-checkbox-wrapper'))
    return;
  onOpen(id);
};

/** Desktop: one row per device; the name is the link, and a click anywhere on the row opens it too. */
export function DeviceTable({ devices, onOpen, selecting }: ViewProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const facts = useDeviceFacts();
  const columns = useMemo<TableColumnsType<DeviceListItem>>(
    () => [
      {
        title: t('devices.field.name'),
        key: 'name',
        render: (_, device) => <Link to={deviceInfoPath(device.id)}>{device.name}</Link>,
      },
      {
        title: t('devices.field.status'),
        key: 'status',
        render: (_, device) => <DeviceStatusTag status={device.status} errorCode={device.errorCode} />,
      },
      { title: t('devices.field.place'), key: 'place', render: (_, device) => device.place?.title ?? '–' },
      {
        title: t('devices.field.machineType'),
        key: 'type',
        render: (_, device) => (
          <>
            {machineTypeLabel(device.machineType, language)}
            <div className="device-secondary">{device.model}</div>
          </>
        ),
      },
      ...facts.map(({ key, label, value }) => ({
        title: label,
        key,
        render: (_: unknown, device: DeviceListItem) => value(device),
      })),
    ],
    [t, language, facts],
  );
  const selection = selecting?.selection;
  const selectedRowKeys = useMemo(
    () => (selection ? devices.filter((d) => isSelected(selection, d.id)).map((d) => d.id) : []),
    [devices, selection],
  );
  return (
    <Table
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={devices}
      pagination={false}
      rowSelection={
        selecting
          ? {
              selectedRowKeys,
              // The page's select-all box, named in the user's language (antd names its own in English).
              columnTitle: (
                <Checkbox
                  aria-label={t('action.selectAll')}
                  checked={devices.length > 0 && selectedRowKeys.length === devices.length}
                  indeterminate={selectedRowKeys.length > 0 && selectedRowKeys.length < devices.length}
                  disabled={selecting.selection.kind === 'matching' || devices.length === 0}
                  onChange={(event) => selecting.onToggle(devices, event.target.checked)}
                />
              ),
              onSelect: (device, selected) => selecting.onToggle([device], selected),
              onSelectAll: (selected, _rows, changed) => selecting.onToggle(changed, selected),
              getCheckboxProps: (device) => ({
                disabled: selecting.selection.kind === 'matching',
                'aria-label': t('devices.batch.selectDevice', { device: device.name }),
              }),
            }
          : undefined
      }
      onRow={(device) => ({
        onClick: rowClick(onOpen, device.id),
        className: 'device-row',
        'data-device-id': device.id,
      })}
    />
  );
}

type DeviceCardProps = {
  device: DeviceListItem;
  onOpen: (id: number) => void;
  /** Absent when the member may not command machines: no checkbox. */
  onToggle?: (devices: DeviceListItem[], selected: boolean) => void;
  selected: boolean;
  /** Every matching machine is selected: the boxes are ticked and cannot be unticked one by one. */
  locked: boolean;
};

/** One device's card: drawn again only when its device, or whether it is selected, changes. */
const DeviceCard = memo(function DeviceCard({ device, onOpen, onToggle, selected, locked }: DeviceCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const facts = useDeviceFacts();
  return (
    <List.Item className="device-card device-row" data-device-id={device.id} onClick={rowClick(onOpen, device.id)}>
      <div className="device-card-head">
        {onToggle ? (
          <Checkbox
            className="device-card-check"
            checked={selected}
            disabled={locked}
            aria-label={t('devices.batch.selectDevice', { device: device.name })}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onToggle([device], event.target.checked)}
          />
        ) : null}
        <Link to={deviceInfoPath(device.id)} className="device-card-name">
          {device.name}
        </Link>
        <DeviceStatusTag status={device.status} errorCode={device.errorCode} />
      </div>
      <div className="device-card-meta">
        {machineTypeLabel(device.machineType, language)} · {device.model}
        {device.place ? ` · ${device.place.title}` : ''}
      </div>
      <dl className="device-card-facts">
        {facts.map(({ key, label, value }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{value(device)}</dd>
          </div>
        ))}
      </dl>
    </List.Item>
  );
});

/** Cards in the first commit: a phone's screen shows one to four (fewer under the filters); the rest follow a few at a time. */
const firstCards = 5;
const moreCards = 5;

/** Phone: a card per device with what an operator checks on the move (drawn a few at a time from `listKey`: another page or filter). */
export function DeviceCards({ devices, onOpen, selecting, listKey }: ViewProps & { listKey: unknown }) {
  const drawn = useGradualCount(devices.length, firstCards, moreCards, listKey);
  const shown = useMemo(() => devices.slice(0, drawn), [devices, drawn]);
  return (
    <List
      className="device-cards"
      rowKey="id"
      dataSource={shown}
      renderItem={(device) => (
        <DeviceCard
          device={device}
          onOpen={onOpen}
          onToggle={selecting?.onToggle}
          selected={selecting ? isSelected(selecting.selection, device.id) : false}
          locked={selecting?.selection.kind === 'matching'}
        />
      )}
    />
  );
}
