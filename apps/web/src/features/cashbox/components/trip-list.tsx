import type { CashboxTrip } from '@sbo/contracts';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatMoney } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { useTrips } from '../api/trips';
import { Difference } from './difference';

type TripListProps = { status: CashboxTrip['status']; onOpen: (tripId: number) => void };

/** Open trips to carry on, or past trips with expected against collected. */
export function TripList({ status, onOpen }: TripListProps) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const [page, setPage] = useState(1);
  const trips = useTrips(status, page);
  const settled = status === 'settled';

  const columns: TableColumnsType<CashboxTrip> = [
    {
      key: 'trip',
      title: t('cashbox.trip'),
      render: (_, trip) => (
        <Button type="link" size="small" className="cashbox-trip-link" onClick={() => onOpen(trip.id)}>
          {t('cashbox.tripTitle', { id: trip.id })}
        </Button>
      ),
    },
    {
      key: 'date',
      title: t(settled ? 'cashbox.settledOn' : 'cashbox.startedOn'),
      render: (_, trip) => clock.dateTime((settled ? trip.settledAt : null) ?? trip.startedAt),
    },
    {
      key: 'machines',
      title: t('cashbox.collectedCount'),
      render: (_, trip) => `${trip.collectedCount} / ${trip.deviceCount}`,
    },
    {
      key: 'expected',
      title: t('cashbox.expectedTotal'),
      align: 'right',
      render: (_, trip) => formatMoney(trip.expectedTotal, trip.currency),
    },
    {
      key: 'collected',
      title: t('cashbox.collectedTotal'),
      align: 'right',
      render: (_, trip) => formatMoney(trip.collectedTotal, trip.currency),
    },
    {
      key: 'difference',
      title: t('cashbox.difference'),
      align: 'right',
      render: (_, trip) => <Difference value={trip.difference} currency={trip.currency} />,
    },
    { key: 'note', title: t('cashbox.note'), render: (_, trip) => trip.note || '—' },
  ];

  if (trips.isError)
    return <LoadFailed title={t('cashbox.listFailed')} description={trips.error.message} onRetry={trips.refetch} />;

  return (
    <Card
      title={<h2 className="cashbox-card-title">{t(settled ? 'cashbox.pastTrips' : 'cashbox.openTrips')}</h2>}
      className="cashbox-list-card"
    >
      <Table<CashboxTrip>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={trips.data?.items ?? []}
        loading={trips.isFetching && !trips.data}
        scroll={{ x: 'max-content' }}
        data-testid={`trips-${status}`}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(settled ? 'cashbox.noPastTrips' : 'cashbox.noOpenTrips')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: 10,
          total: trips.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}
