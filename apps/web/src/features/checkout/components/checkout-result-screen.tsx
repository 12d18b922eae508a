import { OrderResultPage } from '../../../components/ui/order-result-page';
import { useCheckoutOrder } from '../api/checkout-order';
import { isUnknownOrder } from '../utils/checkout-errors';
import { useOrderResultTexts } from '../utils/order-result-texts';
import { OrderFollowUp } from './order-follow-up';
import './checkout.css';

const orderIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** `/custom/checkout-result`, `/fn/checkout-result`: where the gateway sends the consumer back to. */
export function CheckoutResultScreen() {
  return (
    <OrderResultPage
      idPattern={orderIdPattern}
      useOrder={useCheckoutOrder}
      isUnknownOrder={isUnknownOrder}
      texts={useOrderResultTexts()}
    >
      {(order) => <OrderFollowUp order={order} />}
    </OrderResultPage>
  );
}
