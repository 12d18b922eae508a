import type { CheckoutMachine, CheckoutPurchase } from '@sbo/contracts/schemas/checkout';
import type { PaymentGateway } from '@sbo/contracts/constants';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-errors';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateCheckoutOrder } from '../api/checkout-order-create';
import { checkoutThemeOf } from '../utils/checkout-address';
import { machineNoLongerFree } from '../utils/checkout-errors';
import { paymentReadiness } from '../utils/machine-readiness';
import {
  amountPrice,
  amountProblem,
  minutesPrice,
  mostMinutes,
  parseTyped,
  startingMinutes,
  type ShownPrice,
} from '../utils/purchase';
import { ChoiceList } from './choice-list';
import { PayButton, PayForm, PayTotal } from './pay-form';
import { AmountChooser, MinutesChooser, typedOf } from './purchase-choosers';
import { useRequestId } from './use-request-id';
import { gatewayName } from '../utils/gateway-names';

type Item = { code: string; name: string } & ShownPrice;

/**
 * What the machine sells (a course, a product, an amount, minutes, or more minutes for a running
 * dryer), the payment methods, the amount and the Pay button. The api prices the order again; what
 * shows here is only what the customer is about to pay.
 */
export function CheckoutForm({ machine }: { machine: CheckoutMachine }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const currency = machine.merchant.currency;
  const offer = machine.offer;
  const readiness = paymentReadiness(machine);
  const topUp = readiness.canPay && readiness.topUp === true;
  const items: Item[] = offer?.way === 'product' ? offer.products : machine.courses;
  const [code, setCode] = useState<string | null>(items.length === 1 ? items[0]!.code : null);
  const [typed, setTyped] = useState(offer?.way === 'amount' ? typedOf(offer.suggested[0] ?? offer.min, currency) : '');
  const [minutes, setMinutes] = useState(offer?.way === 'time' ? startingMinutes(offer, topUp) : 0);
  const [gateway, setGateway] = useState<PaymentGateway | null>(
    machine.methods.length === 1 ? machine.methods[0]!.gateway : null,
  );
  const create = useCreateCheckoutOrder();
  const price = (minor: number) => formatMoney(minor, currency);

  // What is being bought, and its price now; null while nothing (or nothing valid) is chosen.
  let purchase: CheckoutPurchase | null = null;
  let shown: ShownPrice | null = null;
  if (offer?.way === 'amount') {
    const amount = parseTyped(typed, currency);
    if (amount !== null && amountProblem(offer, currency, typed) === null) {
      purchase = { way: 'amount', amount };
      shown = amountPrice(offer, amount);
    }
  } else if (offer?.way === 'time') {
    // A dryer that started running while the page was open takes at most a top-up's minutes.
    const chosen = Math.min(minutes, mostMinutes(offer, topUp));
    purchase = { way: 'time', minutes: chosen, topUp };
    shown = minutesPrice(offer, chosen);
  } else {
    const chosen = items.find((item) => item.code === code);
    if (chosen) {
      purchase =
        offer?.way === 'product' ? { way: 'product', product: chosen.code } : { way: 'course', course: chosen.code };
      shown = chosen;
    }
  }
  const clientRequestId = useRequestId(`${JSON.stringify(purchase)}|${gateway}`);

  // Nothing to buy where nothing is sold or pay by phone is not set up (the summary says why).
  if ((!offer && machine.courses.length === 0) || !machine.paymentSetUp) return null;

  // A promotion's free cycle is started without paying: no payment method to choose.
  const free = shown?.free === true;
  const method = free ? (machine.methods[0]?.gateway ?? null) : gateway;
  const shownPrice = (item: ShownPrice) => (item.free ? t('checkout.free') : price(item.price));
  const withNormal = (item: ShownPrice) =>
    item.normalPrice && item.normalPrice > item.price ? (
      <>
        <s className="checkout-normal-price">{price(item.normalPrice)}</s> {shownPrice(item)}
      </>
    ) : (
      shownPrice(item)
    );

  const pay = () => {
    if (!purchase || !method) return;
    create.mutate(
      {
        deviceId: machine.device.id,
        purchase,
        gateway: method,
        clientRequestId,
        theme: checkoutThemeOf(pathname),
        lang: currentLanguage(),
      },
      { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) },
    );
  };
  // After a success the browser is on its way to the gateway: the button stays busy until it leaves.
  const leaving = create.isPending || create.isSuccess;
  const choosing = !readiness.canPay || leaving;

  return (
    <PayForm onPay={pay}>
      {offer?.way === 'amount' ? (
        <AmountChooser offer={offer} currency={currency} typed={typed} onType={setTyped} disabled={choosing} />
      ) : offer?.way === 'time' ? (
        <MinutesChooser
          offer={offer}
          currency={currency}
          minutes={Math.min(minutes, mostMinutes(offer, topUp))}
          most={mostMinutes(offer, topUp)}
          onChange={setMinutes}
          disabled={choosing}
          legend={t(topUp ? 'checkout.addMinutes' : 'checkout.minutes')}
        />
      ) : (
        <ChoiceList
          name="course"
          legend={t(offer?.way === 'product' ? 'checkout.product' : 'checkout.course')}
          value={code}
          onChange={setCode}
          disabled={choosing}
          choices={items.map((item) => ({ value: item.code, label: item.name, extra: withNormal(item) }))}
        />
      )}
      {readiness.canPay ? (
        <>
          {free ? null : (
            <ChoiceList
              name="gateway"
              legend={t('checkout.method')}
              value={gateway}
              onChange={(value) => setGateway(value as PaymentGateway)}
              disabled={leaving}
              choices={machine.methods.map((item) => ({
                value: item.gateway,
                label: gatewayName(item.gateway),
                note: item.sandbox ? t('checkout.sandbox') : undefined,
              }))}
            />
          )}
          <PayTotal label={t('checkout.amount')} amount={shown ? withNormal(shown) : '—'} testId="checkout-total" />
          {create.isError ? (
            <Alert
              type="error"
              showIcon
              title={t(machineNoLongerFree(create.error) ? 'checkout.payFailed.notFree' : 'checkout.payFailed.title')}
              description={create.error instanceof ApiError ? create.error.message : undefined}
            />
          ) : null}
          <PayButton ready={Boolean(purchase && method)} leaving={leaving}>
            {free
              ? t('checkout.startFree')
              : purchase && method && shown
                ? t('checkout.pay', { amount: price(shown.price) })
                : t(purchase ? 'checkout.chooseMethod' : 'checkout.chooseFirst')}
          </PayButton>
        </>
      ) : null}
    </PayForm>
  );
}
