import type { CheckoutOrder } from '@sbo/contracts/schemas/checkout';
import { Button, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/ui/status-panel';
import { formatMoney } from '../../../lib/format';
import { checkoutAddressOf } from '../utils/checkout-address';
import { gatewayName } from '../utils/gateway-names';
import { orderProgress, type OrderOutcome } from '../utils/order-progress';
import { OrderSteps } from './order-steps';

/** The codes checkout gives what is not a course (docs/payments.md, "What each machine sells"). */
const minutesOf = (name: string) => Number(/\d+/.exec(name)?.[0] ?? 0);
const isCourse = (code: string) => !['credit', 'time', 'addTime'].includes(code);

/** What was bought, in the customer's language: credit and minutes are named here, a course or product by its name. */
function purchaseName(course: CheckoutOrder['course'], t: TFunction): string {
  if (course.code === 'credit') return t('checkout.purchase.credit');
  if (course.code === 'time') return t('checkout.minutesValue', { minutes: minutesOf(course.name) });
  if (course.code === 'addTime') return t('checkout.purchase.addTime', { minutes: minutesOf(course.name) });
  return course.name;
}

const panelStatus = { started: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/** The order's progress in plain words, what was paid for, and the way back to the machine. */
export function OrderFollowUp({ order }: { order: CheckoutOrder }) {
  const { t } = useTranslation();
  const progress = orderProgress(order);
  // A promotion's free cycle: nothing was paid, so no payment method either.
  const free = order.amount === 0;
  return (
    <div className="checkout-result">
      <OutcomeHeading order={order} outcome={progress.outcome} wasPaid={progress.wasPaid} />
      <section className="checkout-card" aria-label={t('checkout.result.progress')}>
        <OrderSteps steps={progress.steps} free={free} />
      </section>
      <section className="checkout-card" aria-label={t('checkout.result.details')}>
        <dl className="checkout-details">
          <dt>{t('checkout.amount')}</dt>
          <dd>
            <strong>{free ? t('checkout.free') : formatMoney(order.amount, order.currency)}</strong>
          </dd>
          <dt>{t('checkout.result.machine')}</dt>
          <dd>{order.device.name}</dd>
          {order.place ? (
            <>
              <dt>{t('checkout.result.place')}</dt>
              <dd>{order.place.title}</dd>
            </>
          ) : null}
          <dt>{t(isCourse(order.course.code) ? 'checkout.course' : 'checkout.purchase.label')}</dt>
          <dd>{purchaseName(order.course, t)}</dd>
          {free ? null : (
            <>
              <dt>{t('checkout.method')}</dt>
              <dd>{gatewayName(order.gateway)}</dd>
            </>
          )}
        </dl>
      </section>
      {progress.outcome === 'waiting' ? <p className="checkout-live-note">{t('checkout.result.live')}</p> : null}
      <Button size="large" block className="checkout-back" href={checkoutAddressOf(order)}>
        {t('checkout.result.back')}
      </Button>
    </div>
  );
}

type OutcomeHeadingProps = { order: CheckoutOrder; outcome: OrderOutcome; wasPaid: boolean };

function OutcomeHeading({ order, outcome, wasPaid }: OutcomeHeadingProps) {
  const { t } = useTranslation();
  if (outcome === 'waiting')
    return (
      <section className="checkout-card checkout-waiting" role="status" aria-live="polite">
        <Spin size="large" />
        <h1 className="status-panel-title">{t(`checkout.result.waiting.${order.status}`)}</h1>
      </section>
    );
  const titleKey = outcome === 'failed' && wasPaid ? 'failedAfterPayment' : outcome;
  const reason = order.reason && outcome !== 'started' ? t(`checkout.reason.${order.reason}`) : null;
  return (
    <StatusPanel
      status={panelStatus[outcome]}
      title={t(`checkout.result.outcome.${titleKey}.title`)}
      description={[reason, t(`checkout.result.outcome.${titleKey}.description`)].filter(Boolean).join(' ')}
    />
  );
}
