import type { DeviceInfo } from '@sbo/contracts';
import { Badge, Card, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { machineTypeLabel } from '../utils/machine-type';
import { useCurrency } from '../utils/permissions';
import { DeviceStatusTag } from './device-status-tag';
import { RemainingTime } from './remaining-time';

type Item = { key: string; label: string; children: ReactNode };
const dash = '–';

/** A machine on a happy hour's prices echoes its template's version with `-p{promotion}`: not out of date. */
const runsPromotionPrices = (device: DeviceInfo) =>
  device.product !== null && new RegExp(`^tpl-${device.product.id}-r\\d+-p\\d+$`).test(device.pricesVersion ?? '');

/** Who the device is: type, model, product, place, connection. */
export function DeviceIdentityCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const language = currentLanguage();
  const items: Item[] = [
    { key: 'type', label: t('devices.field.machineType'), children: machineTypeLabel(device.machineType, language) },
    { key: 'model', label: t('devices.field.model'), children: device.model },
    {
      key: 'product',
      label: t('devices.field.product'),
      children: (
        <span data-testid="device-product">
          {device.product?.name ?? dash}
          {device.productSynced === false && !runsPromotionPrices(device) ? (
            <Tag color="orange" className="device-inline-tag">
              {t('devices.info.productPending')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'paymentProduct', label: t('devices.field.paymentProduct'), children: device.paymentProduct ?? dash },
    { key: 'place', label: t('devices.field.place'), children: device.place?.title ?? dash },
    { key: 'serial', label: t('devices.field.serialNum'), children: device.serialNum },
    { key: 'hwid', label: t('devices.field.hwid'), children: device.hwid ?? t('devices.info.unbound') },
    {
      key: 'connection',
      label: t('devices.field.connection'),
      children: (
        <Badge
          status={device.online ? 'success' : 'default'}
          text={device.online ? t('devices.connection.online') : t('devices.connection.offline')}
        />
      ),
    },
    {
      key: 'lastSeen',
      label: t('devices.field.lastSeen'),
      children: device.lastSeenAt ? clock.dateTime(device.lastSeenAt) : dash,
    },
    { key: 'firmware', label: t('devices.field.firmware'), children: device.firmware ?? dash },
  ];
  return (
    <Card title={t('devices.info.identity')} className="device-card-section">
      <Descriptions column={{ xs: 1, sm: 2, lg: 1, xxl: 2 }} size="small" items={items} />
    </Card>
  );
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? dash : value ? yes : no);

/** What the machine is doing now, live. */
export function DeviceLiveCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const money = (value: number | null) => (value === null ? dash : formatMoney(value, currency));
  const items: Item[] = [
    {
      key: 'status',
      label: t('devices.field.status'),
      children: <DeviceStatusTag status={device.status} errorCode={device.errorCode} />,
    },
    {
      key: 'course',
      label: t('devices.field.course'),
      children: device.currentCourse
        ? t(`devices.course.${device.currentCourse}`, { defaultValue: device.currentCourse })
        : dash,
    },
    {
      key: 'stage',
      label: t('devices.field.washStage'),
      children: <span data-testid="device-stage">{t(`devices.stage.${device.stage}`)}</span>,
    },
    {
      key: 'remaining',
      label: t('devices.field.remaining'),
      children: <RemainingTime remainingSeconds={device.remainingSeconds} reportedAt={device.reportedAt} />,
    },
    { key: 'dryTemp', label: t('devices.field.dryTemp'), children: t(`devices.dryTemp.${device.dryTemp}`) },
    {
      key: 'doorLock',
      label: t('devices.field.doorLock'),
      children: yesNo(device.doorLocked, t('devices.door.locked'), t('devices.door.unlocked')),
    },
    {
      key: 'door',
      label: t('devices.field.door'),
      children: yesNo(device.doorOpen, t('devices.door.open'), t('devices.door.closed')),
    },
    { key: 'currentCoin', label: t('devices.field.currentCoin'), children: money(device.currentCoin) },
    { key: 'extraCoin', label: t('devices.field.extraCoin'), children: money(device.extraCoin) },
    {
      key: 'coinCount',
      label: t('devices.field.coinCount'),
      children: device.coinCount === null ? dash : formatNumber(device.coinCount),
    },
    {
      key: 'error',
      label: t('devices.field.errorCode'),
      children:
        device.errorCode === null ? (
          t('devices.info.noError')
        ) : (
          <Tag color="red" className="device-error-tag" data-testid="device-error">
            {`${device.errorCode} - ${t(`error.${device.errorCode}`, { defaultValue: '' })}`}
          </Tag>
        ),
    },
  ];
  return (
    <Card title={t('devices.info.live')} className="device-card-section" data-testid="device-live">
      <Descriptions column={{ xs: 1, sm: 2, lg: 2 }} size="small" items={items} />
    </Card>
  );
}

/** Money the machine took; left out for members who may not read revenue (the api sends null). */
export function DeviceMoneyCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const figures = [
    { key: 'revenue', label: t('devices.field.revenue'), value: device.revenue },
    { key: 'cumulative', label: t('devices.field.cumulativeAmount'), value: device.cumulativeAmount },
    { key: 'cashBox', label: t('devices.field.cashBoxAmount'), value: device.cashBoxAmount },
  ].filter((figure) => figure.value !== null);
  if (figures.length === 0) return null;
  return (
    <Card title={t('devices.info.money')} className="device-card-section">
      <Descriptions
        column={1}
        size="small"
        items={figures.map((figure) => ({
          key: figure.key,
          label: figure.label,
          children: formatMoney(figure.value ?? 0, currency),
        }))}
      />
    </Card>
  );
}
