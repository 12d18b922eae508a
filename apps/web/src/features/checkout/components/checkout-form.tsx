import type { CheckoutMachine } from '@sbo/contracts/schemas/checkout';
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
import { ChoiceList } from './choice-list';
import { PayButton, PayForm, PayTotal } from './pay-form';
import { useRequestId } from './use-request-id';
import { gatewayName } from '../utils/gateway-names';

/** The courses with their prices, the payment methods, the amount and the Pay button. */
export function CheckoutForm({ machine }: { machine: CheckoutMachine }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [course, setCourse] = useState<string | null>(machine.courses.length === 1 ? machine.courses[0]!.code : null);
  const [gateway, setGateway] = useState<PaymentGateway | null>(
    machine.methods.length === 1 ? machine.methods[0]!.gateway : null,
  );
  const clientRequestId = useRequestId(`${course}|${gateway}`);
  const create = useCreateCheckoutOrder();
  const readiness = paymentReadiness(machine);
  const chosen = machine.courses.find((item) => item.code === course);
  const price = (minor: number) => formatMoney(minor, machine.merchant.currency);
  // A promotion's free cycle is started without paying: no payment method to choose.
  const free = chosen?.free === true;
  const method = free ? (machine.methods[0]?.gateway ?? null) : gateway;
  const shownPrice = (item: { price: number; free?: boolean }) => (item.free ? t('checkout.free') : price(item.price));

  // Nothing to buy where no course is sold or pay by phone is not set up (the summary says why).
  if (machine.courses.length === 0 || !machine.paymentSetUp) return null;

  const pay = () => {
    if (!chosen || !method) return;
    create.mutate(
      {
        deviceId: machine.device.id,
        course: chosen.code,
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

  return (
    <PayForm onPay={pay}>
      <ChoiceList
        name="course"
        legend={t('checkout.course')}
        value={course}
        onChange={setCourse}
        disabled={!readiness.canPay || leaving}
        choices={machine.courses.map((item) => ({
          value: item.code,
          label: item.name,
          // While a promotion lowers the price, the usual one shows struck through beside it.
          extra:
            item.normalPrice && item.normalPrice > item.price ? (
              <>
                <s className="checkout-normal-price">{price(item.normalPrice)}</s> {shownPrice(item)}
              </>
            ) : (
              price(item.price)
            ),
        }))}
      />
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
          <PayTotal label={t('checkout.amount')} amount={chosen ? shownPrice(chosen) : '—'} />
          {create.isError ? (
            <Alert
              type="error"
              showIcon
              title={t(machineNoLongerFree(create.error) ? 'checkout.payFailed.notFree' : 'checkout.payFailed.title')}
              description={create.error instanceof ApiError ? create.error.message : undefined}
            />
          ) : null}
          <PayButton ready={Boolean(chosen && method)} leaving={leaving}>
            {free
              ? t('checkout.startFree')
              : chosen && method
                ? t('checkout.pay', { amount: price(chosen.price) })
                : t('checkout.chooseFirst')}
          </PayButton>
        </>
      ) : null}
    </PayForm>
  );
}
