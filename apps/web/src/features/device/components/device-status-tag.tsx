import { Tag } from 'antd';
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

/** A device status of spec section 4, coloured so a fleet can be scanned at a glance. */
export function DeviceStatusTag({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status]} data-status={status} className="device-status-tag">
      {t(`devices.status.${status}`)}
    </Tag>
  );
}
