import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space, Tag } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo as DeviceInfoData } from '@sbo/contracts';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { useDeviceInfo } from '../api/device-info';
import { useDeviceLiveUpdates } from '../api/live-updates';
import { useDevicePermissions } from '../utils/permissions';
import { AbConfigCard } from './ab-config-card';
import { BillAcceptorCard } from './bill-acceptor-card';
import { CheckoutLinkCard } from './checkout-link-card';
import { CoinDispenserCard } from './coin-dispenser-card';
import { DeviceIdentityCard, DeviceLiveCard, DeviceMoneyCard } from './device-overview';
import { MachinePricesCard } from './machine-prices-card';
import { DeviceStatusTag } from './device-status-tag';
import { EditDeviceDialog } from './edit-device-dialog';
import { RemoteControlCard } from './remote-control-card';
import { TestModeCard } from './test-mode-card';
import './devices.css';

type DeviceCardEntry = readonly [name: string, card: ComponentType<{ device: DeviceInfoData }>];

/** The cards of the device screen, in two columns; remote control only for who may use it. */
function deviceCardColumns(remote: boolean): DeviceCardEntry[][] {
  return [
    [
      ['live', DeviceLiveCard],
      ...(remote ? [['remote', RemoteControlCard] as const] : []),
      ['coins', CoinDispenserCard],
      ['bills', BillAcceptorCard],
    ],
    [
      ['identity', DeviceIdentityCard],
      ['prices', MachinePricesCard],
      ['checkout', CheckoutLinkCard],
      ['money', DeviceMoneyCard],
      ['test', TestModeCard],
      ['ab', AbConfigCard],
    ],
  ];
}

/** The picked device: `?id=` on `/device/info`, or the path's id on `/app/device/info/{id}`. */
function useDeviceId(): { id: number | null; embedded: boolean } {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.id ?? search.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return { id, embedded: params.id !== undefined };
}

/** `/device/info`: one device, live, with its management and the remote control its machine supports. */
export function DeviceInfoScreen() {
  const { t } = useTranslation();
  const { id, embedded } = useDeviceId();
  if (id === null)
    return (
      <StatusPanel
        status="warning"
        title={t('devices.info.notFound')}
        actions={<Link to="/device">{t('devices.info.backToList')}</Link>}
      />
    );
  return <DeviceInfo id={id} embedded={embedded} />;
}

/** The mobile app's `/app` area has no device list to go back to. */
function DeviceInfo({ id, embedded }: { id: number; embedded: boolean }) {
  const { t } = useTranslation();
  const info = useDeviceInfo(id);
  const permissions = useDevicePermissions();
  const [editing, setEditing] = useState(false);
  useDeviceLiveUpdates();

  const back = embedded ? null : (
    <Link to="/device" className="device-back">
      <ArrowLeftOutlined aria-hidden /> {t('devices.info.backToList')}
    </Link>
  );
  if (info.isPending)
    return (
      <>
        {back}
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  // A failed background refresh keeps the machine on screen (and any dialog open on it);
  // the error panel is only for a machine that never loaded.
  const device = info.data;
  if (device === undefined)
    return (
      <>
        {back}
        <LoadFailed
          title={t('devices.info.loadFailed')}
          description={info.error instanceof ApiError ? info.error.message : undefined}
          level={1}
          onRetry={info.refetch}
        />
      </>
    );

  return (
    <div className="device-info">
      {back}
      <PageHeader
        title={device.name}
        description={
          <Space wrap size={4}>
            <DeviceStatusTag status={device.status} errorCode={device.errorCode} />
            {device.testTime > 0 ? <Tag color="magenta">{t('devices.test.on')}</Tag> : null}
            <span>{`${device.model} · ${device.serialNum}`}</span>
          </Space>
        }
        extra={
          permissions.update ? (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
              {t('devices.edit.open')}
            </Button>
          ) : null
        }
      />
      <div className="device-info-grid">
        {deviceCardColumns(permissions.remote).map((cards, column) => (
          <div className="device-info-column" key={column}>
            {cards.map(([name, DeviceCard]) => (
              <DeviceCard key={name} device={device} />
            ))}
          </div>
        ))}
      </div>
      {permissions.update ? (
        <EditDeviceDialog device={device} open={editing} onClose={() => setEditing(false)} />
      ) : null}
    </div>
  );
}
