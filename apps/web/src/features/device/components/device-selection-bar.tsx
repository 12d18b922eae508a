import type { BatchAction, DeviceListItem } from '@sbo/contracts';
// The constants' module, not the package's index: a value from the index brings every schema of the contracts.
import { maxBatchDevices } from '@sbo/contracts/constants';
import { Button, Dropdown, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { batchActionGroups, noSelection, selectedCount, toggled, type DeviceSelection } from '../utils/batch-actions';
import type { DeviceListFilter } from '../utils/list-filter';

type Props = {
  selection: DeviceSelection;
  onChange: (next: DeviceSelection) => void;
  devices: DeviceListItem[];
  filter: DeviceListFilter;
  total: number;
  onAction: (action: BatchAction) => void;
};

/** Above the device list: what is selected, select all / deselect all, and the command to send to them. */
export function DeviceSelectionBar({ selection, onChange, devices, filter, total, onAction }: Props) {
  const { t } = useTranslation();
  const count = selectedCount(selection);
  const pageSelected = selection.kind === 'matching' || devices.every((device) => selection.names.has(device.id));
  const canSelectMatching = selection.kind === 'some' && pageSelected && total > devices.length;

  const menu: MenuProps['items'] = batchActionGroups.map((group) => ({
    type: 'group',
    key: group.key,
    label: t(`devices.batch.group.${group.key}`),
    children: group.actions.map((action) => ({
      key: action,
      label: t(`devices.action.${action}`),
      'data-action': action,
    })),
  }));

  return (
    <div className="device-selection-bar" data-testid="device-selection" aria-live="polite">
      <Typography.Text className="device-selection-count" strong={count > 0}>
        {selection.kind === 'matching'
          ? t('devices.batch.allMatching', { formatted: formatNumber(count) })
          : t('devices.batch.selected', { count, formatted: formatNumber(count) })}
      </Typography.Text>
      <div className="device-selection-actions">
        {pageSelected ? null : (
          <Button size="small" onClick={() => onChange(toggled(selection, devices, true))}>
            {t('action.selectAll')}
          </Button>
        )}
        {canSelectMatching ? (
          <Button
            size="small"
            type="link"
            disabled={total > maxBatchDevices}
            title={total > maxBatchDevices ? t('devices.batch.tooMany', { max: maxBatchDevices }) : undefined}
            onClick={() => onChange({ kind: 'matching', filter, total })}
          >
            {t('devices.batch.selectMatching', { formatted: formatNumber(total) })}
          </Button>
        ) : null}
        {count > 0 ? (
          <Button size="small" onClick={() => onChange(noSelection)}>
            {t('action.deselectAll')}
          </Button>
        ) : null}
        <Dropdown
          menu={{ items: menu, onClick: ({ key }) => onAction(key as BatchAction) }}
          disabled={count === 0}
          trigger={['click']}
        >
          <Button type="primary" size="small" disabled={count === 0} data-testid="batch-send">
            {t('devices.batch.send')}
          </Button>
        </Dropdown>
      </div>
    </div>
  );
}
