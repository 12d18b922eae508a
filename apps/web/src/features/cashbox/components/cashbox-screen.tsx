import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantProfile } from '../../../lib/use-session';
import { StartTripDialog } from './start-trip-dialog';
import { TripList } from './trip-list';
import { TripView } from './trip-view';
import './cashbox.css';

/** `cashbox`, the trip assistant: trips to carry on and past ones; `?trip=` opens one. */
export function CashboxScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const canManage = useMerchantProfile()?.permissions.includes('cashbox.manage') ?? false;
  const tripId = Number(search.get('trip'));

  const openTrip = (id: number | null) => setSearch(id === null ? {} : { trip: String(id) });

  if (Number.isInteger(tripId) && tripId > 0)
    return <TripView key={tripId} tripId={tripId} canManage={canManage} onBack={() => openTrip(null)} />;

  return (
    <>
      <PageHeader
        title={t('screen.cashbox')}
        description={t('cashbox.description')}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)} data-testid="start-trip">
              {t('cashbox.startTitle')}
            </Button>
          ) : null
        }
      />
      <div className="cashbox-lists">
        <TripList status="open" onOpen={openTrip} />
        <TripList status="settled" onOpen={openTrip} />
      </div>
      <StartTripDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          setStarting(false);
          openTrip(id);
        }}
      />
    </>
  );
}
