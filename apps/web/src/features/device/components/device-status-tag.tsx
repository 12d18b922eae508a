import { Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '../utils/list-filter';

const colours: Record<DeviceStatus, string> = {
  unknown: 'default',
  online: 'blue',
  offline: 'default',
  idle: 'green',
  operating: 'processing',
  done: 'cyan',
  setting: 'purple',
  stopped: 'orange',
  suspend: 'gold',
  drumCleaning: 'geekblue',
};

/**
 * A device status of spec section 4, coloured so a fleet can be scanned at a glance. A machine with
 * an active fault reads "Fault" (its reported status on hover): a green "Idle" beside a fault misleads.
 */
export const DeviceStatusTag = memo(function DeviceStatusTag({
  status,
  errorCode = null,
}: {
  status: DeviceStatus;
  errorCode?: number | null;
}) {
  const { t } = useTranslation();
  const reported = t(`devices.status.${status}`);
  if (errorCode !== null && status !== 'offline')
    return (
      <Tag color="red" data-status="fault" className="device-status-tag" title={`${reported} · ${errorCode}`}>
        {t('devices.status.fault')}
      </Tag>
    );
  return (
    <Tag color={colours[status]} data-status={status} className="device-status-tag">
      {reported}
    </Tag>
  );
});
