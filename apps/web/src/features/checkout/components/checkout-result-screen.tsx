import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useCheckoutOrder } from '../api/checkout-order';
import { isUnknownOrder } from '../utils/checkout-errors';
import { OrderFollowUp } from './order-follow-up';
import './checkout.css';

const orderIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** `/custom/checkout-result`, `/fn/checkout-result`: where the gateway sends the consumer back to. */
export function CheckoutResultScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  if (!orderIdPattern.test(orderId))
    return (
      <StatusPanel
        status="warning"
        title={t('checkout.result.noOrder.title')}
        description={t('checkout.result.noOrder.description')}
      />
    );
  return <OrderResult orderId={orderId} />;
}

function OrderResult({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const order = useCheckoutOrder(orderId);
  if (order.isPending) return <PageLoading label={t('checkout.result.loading')} />;
  if (order.data) return <OrderFollowUp order={order.data} />;
  const unknown = isUnknownOrder(order.error);
  return (
    <StatusPanel
      status="error"
      title={t(unknown ? 'checkout.result.unknownOrder.title' : 'checkout.loadFailed.title')}
      description={t(unknown ? 'checkout.result.unknownOrder.description' : 'checkout.loadFailed.description')}
      actions={
        unknown ? null : (
          <Button size="large" onClick={() => void order.refetch()} loading={order.isFetching}>
            {t('checkout.tryAgain')}
          </Button>
        )
      }
    />
  );
}
