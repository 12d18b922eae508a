import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatMoney } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { confirmThen } from '../../../lib/confirm-then';
import { useLiveTrip } from '../api/device-events';
import { useDropTrip, useSettleTrip, useTrip } from '../api/trip';
import { Difference } from './difference';
import { TripMachineCard } from './trip-machine-card';

type TripViewProps = { tripId: number; canManage: boolean; onBack: () => void };

/** One trip: each machine's cash box live while it is open; settle or drop it, both confirmed. */
export function TripView({ tripId, canManage, onBack }: TripViewProps) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const trip = useTrip(tripId);
  const settle = useSettleTrip(tripId);
  const drop = useDropTrip(tripId);
  const data = trip.data;
  const open = data?.status === 'open';
  useLiveTrip(tripId, open);

  const confirmSettle = async () => {
    if (!data) return;
    await confirmThen(
      {
        title: t('cashbox.settle'),
        content: t('cashbox.settleConfirm', { collected: data.collectedCount, total: data.deviceCount }),
      },
      () => settle.mutateAsync(undefined),
      t('cashbox.settled'),
    );
  };

  const confirmDrop = async () => {
    const question = { title: t('cashbox.drop'), content: t('cashbox.dropConfirm') };
    if (await confirmThen(question, () => drop.mutateAsync(undefined), t('cashbox.dropped'))) onBack();
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {t('cashbox.allTrips')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('cashbox.tripTitle', { id: tripId })}
        description={data ? t('cashbox.startedAt', { time: clock.dateTime(data.startedAt) }) : undefined}
        extra={back}
      />
      {trip.isPending ? <PageLoading /> : null}
      {trip.isError ? (
        <LoadFailed title={t('cashbox.tripFailed')} description={trip.error.message} onRetry={trip.refetch} />
      ) : null}
      {data ? (
        <div className="cashbox-trip">
          <Card size="small" className="cashbox-trip-summary">
            <Space wrap size={[8, 4]} className="cashbox-trip-state">
              <Tag color={open ? 'processing' : 'success'} data-testid="trip-status">
                {t(`cashbox.status.${data.status}`)}
              </Tag>
              {data.note ? <span>{data.note}</span> : null}
              {data.settledAt ? (
                <span className="cashbox-muted">
                  {t('cashbox.settledAt', { time: clock.dateTime(data.settledAt) })}
                </span>
              ) : null}
              {open ? <span className="cashbox-muted">{t('cashbox.liveHint')}</span> : null}
            </Space>
            <div className="cashbox-totals">
              <Statistic title={t('cashbox.collectedCount')} value={`${data.collectedCount} / ${data.deviceCount}`} />
              <Statistic title={t('cashbox.expectedTotal')} value={formatMoney(data.expectedTotal, data.currency)} />
              <Statistic title={t('cashbox.collectedTotal')} value={formatMoney(data.collectedTotal, data.currency)} />
              <Statistic
                title={t('cashbox.difference')}
                valueRender={() => <Difference value={data.difference} currency={data.currency} />}
              />
            </div>
            {open && canManage ? (
              <Space wrap className="cashbox-trip-actions">
                <Button
                  type="primary"
                  disabled={data.collectedCount === 0}
                  loading={settle.isPending}
                  onClick={() => void confirmSettle().catch(() => undefined)}
                  data-testid="settle-trip"
                >
                  {t('cashbox.settle')}
                </Button>
                <Button danger loading={drop.isPending} onClick={() => void confirmDrop().catch(() => undefined)}>
                  {t('cashbox.drop')}
                </Button>
              </Space>
            ) : null}
          </Card>
          <div className="cashbox-machines">
            {data.items.map((item) => (
              <TripMachineCard
                key={item.deviceId}
                tripId={tripId}
                item={item}
                currency={data.currency}
                open={open && canManage}
              />
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}
