import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useCheckoutMachine } from '../api/checkout-machine';
import { machineSelector, type MachineSelector } from '../utils/checkout-address';
import { isUnknownMachine } from '../utils/checkout-errors';
import { CardTopUpLinks } from './card-top-up-link';
import { CheckoutForm } from './checkout-form';
import { MachineSummary } from './machine-summary';
import { CheckoutRetry } from './checkout-retry';
import './checkout.css';

/** `/custom/checkout`, `/fn/checkout`: the machine a consumer scanned, its courses, and paying for one. */
export function CheckoutScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const selector = machineSelector(search);
  if (!selector)
    return (
      <StatusPanel
        status="warning"
        title={t('checkout.noMachine.title')}
        description={t('checkout.noMachine.description')}
      />
    );
  return <MachineCheckout selector={selector} />;
}

function MachineCheckout({ selector }: { selector: MachineSelector }) {
  const { t } = useTranslation();
  const machine = useCheckoutMachine(selector);
  if (machine.isPending) return <PageLoading label={t('checkout.loading')} />;
  if (machine.isError) {
    const unknown = isUnknownMachine(machine.error);
    return (
      <StatusPanel
        status="error"
        title={t(unknown ? 'checkout.unknownMachine.title' : 'checkout.loadFailed.title')}
        description={t(unknown ? 'checkout.unknownMachine.description' : 'checkout.loadFailed.description')}
        actions={<CheckoutRetry query={machine} />}
      />
    );
  }
  return (
    <div className="checkout-screen">
      <MachineSummary machine={machine.data} refreshing={machine.isFetching} onRefresh={() => void machine.refetch()} />
      <CheckoutForm machine={machine.data} />
      {machine.data.place && machine.data.paymentSetUp ? <CardTopUpLinks placeId={machine.data.place.id} /> : null}
    </div>
  );
}
