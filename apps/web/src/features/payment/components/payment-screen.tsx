import { isMobileGateway, placeGateways, type PaymentGateway, type PlacePaymentOptions } from '@sbo/contracts';
import { Alert, Button, Card, Checkbox, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { gatewayLabel } from '../../../components/ui/sales-filters/sales-labels';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { toast } from '../../../lib/messages';
import { useMerchantProfile } from '../../../lib/use-session';
import { usePaymentOptions, useSavePaymentOptions } from '../api/payment-options';
import './payment.css';

function PlaceGateways({
  place,
  mobileEnabled,
  editable,
}: {
  place: PlacePaymentOptions;
  mobileEnabled: boolean;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSavePaymentOptions();
  const [chosen, setChosen] = useState<PaymentGateway[]>(place.gateways);
  const changed = chosen.join() !== place.gateways.join();

  return (
    <Card title={place.title} className="payment-place" data-testid="payment-place">
      <Checkbox.Group
        className="payment-gateways"
        value={chosen}
        disabled={!editable}
        aria-label={t('paymentOptions.gatewaysOf', { place: place.title })}
        onChange={(next) => setChosen(next as PaymentGateway[])}
        options={placeGateways.map((gateway) => ({
          value: gateway,
          label: gatewayLabel(gateway),
          disabled: !mobileEnabled && isMobileGateway(gateway) && !place.gateways.includes(gateway),
        }))}
      />
      {editable ? (
        <div className="payment-actions">
          <Button onClick={() => setChosen(place.gateways)} disabled={!changed}>
            {t('paymentOptions.reset')}
          </Button>
          <Button
            type="primary"
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              void save.mutateAsync({ placeId: place.placeId, gateways: chosen }).then(
                () => toast.success(t('paymentOptions.saved', { place: place.title })),
                () => undefined,
              )
            }
          >
            {t('paymentOptions.save')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** `/user/payment`: which payment gateways each place accepts. */
export function PaymentScreen() {
  const { t } = useTranslation();
  const profile = useMerchantProfile();
  const options = usePaymentOptions();
  const editable = profile?.permissions.includes('payment.update') ?? false;

  return (
    <>
      <PageHeader title={t('screen.payment')} description={t('paymentOptions.description')} />
      {options.isPending ? <PageLoading /> : null}
      {options.isError ? (
        <Card>
          <LoadFailed
            title={t('paymentOptions.loadFailed')}
            description={options.error.message}
            onRetry={options.refetch}
          />
        </Card>
      ) : null}
      {options.isSuccess ? (
        <div className="payment-list">
          {options.data.mobilePaymentEnabled ? null : (
            <Alert type="info" showIcon title={t('paymentOptions.mobileDisabled')} />
          )}
          {options.data.places.length === 0 ? (
            <Card>
              <Empty description={t('paymentOptions.noPlaces')} />
            </Card>
          ) : (
            options.data.places.map((place) => (
              <PlaceGateways
                key={`${place.placeId}:${place.gateways.join()}`}
                place={place}
                mobileEnabled={options.data.mobilePaymentEnabled}
                editable={editable}
              />
            ))
          )}
        </div>
      ) : null}
    </>
  );
}
