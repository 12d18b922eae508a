import { apiRoutes } from '@sbo/contracts/api/routes';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { CheckoutOrder } from '@sbo/contracts/schemas/checkout';
import { checkoutAddressOf } from '../../features/checkout/utils/checkout-address';
import { nextPoll, orderProgress, type OrderOutcome } from '../../features/checkout/utils/order-progress';
import { callPublic } from '../lib/api';
import { h } from '../lib/dom';
import type { TextKey, Translate } from '../lib/texts';
import { followOrder } from './follow-order';
import { statusPanel } from './parts';

/** The codes checkout gives what is not a course (docs/payments.md, "What each machine sells"). */
const minutesOf = (name: string) => Number(/\d+/.exec(name)?.[0] ?? 0);
const isCourse = (code: string) => !['credit', 'time', 'addTime'].includes(code);

/** What was bought, in the customer's language: credit and minutes are named here, a course or product by its name. */
function purchaseName(course: CheckoutOrder['course'], t: Translate): string {
  if (course.code === 'credit') return t('checkout.purchase.credit');
  if (course.code === 'time') return t('checkout.minutesValue', { minutes: minutesOf(course.name) });
  if (course.code === 'addTime') return t('checkout.purchase.addTime', { minutes: minutesOf(course.name) });
  return course.name;
}

const stepMarks = { done: '✓', current: '…', waiting: '–', failed: '✕' } as const;
const panelStatus = { started: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/** The order's heading: on its way (read out as it moves on), or how it ended and why. */
const outcomeHeading = (current: CheckoutOrder, outcome: OrderOutcome, wasPaid: boolean, t: Translate) => {
  if (outcome === 'waiting')
    return h(
      'section',
      { class: 'card result-waiting', role: 'status', 'aria-live': 'polite' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      h('h1', {}, t(`checkout.result.waiting.${current.status}` as TextKey)),
    );
  const titleKey = outcome === 'failed' && wasPaid ? 'failedAfterPayment' : outcome;
  const reason = current.reason && outcome !== 'started' ? t(`checkout.reason.${current.reason}`) : null;
  return statusPanel(
    `result-${panelStatus[outcome]}`,
    t(`checkout.result.outcome.${titleKey}.title`),
    [reason, t(`checkout.result.outcome.${titleKey}.description`)].filter(Boolean).join(' '),
    null,
    true,
  );
};

/** The order as it stands: its heading, its steps, its details and the way back to the machine. */
const followUp = (current: CheckoutOrder, t: Translate) => {
  const progress = orderProgress(current);
  // A promotion's free cycle: nothing was paid, so no payment method either.
  const free = current.amount === 0;
  const detail = (term: string, value: Node | string) => [h('dt', {}, term), h('dd', {}, value)];
  return [
    outcomeHeading(current, progress.outcome, progress.wasPaid, t),
    h(
      'section',
      { class: 'card', 'aria-label': t('checkout.result.progress') },
      h(
        'ol',
        { class: 'result-steps' },
        ...progress.steps.map(({ step, state }) =>
          h(
            'li',
            { class: `result-step step-${state}`, 'aria-current': state === 'current' ? 'step' : undefined },
            h('span', { class: 'step-mark', 'aria-hidden': 'true' }, stepMarks[state]),
            state === 'failed'
              ? h('span', {}, t(`checkout.stepFailed.${step}`))
              : h(
                  'span',
                  {},
                  t(free && step === 'paid' ? 'checkout.step.freeGranted' : `checkout.step.${step}`),
                  h('span', { class: 'visually-hidden' }, ` — ${t(`checkout.stepState.${state}`)}`),
                ),
          ),
        ),
      ),
    ),
    h(
      'section',
      { class: 'card', 'aria-label': t('checkout.result.details') },
      h(
        'dl',
        { class: 'result-details' },
        ...detail(
          t('checkout.amount'),
          h('strong', {}, free ? t('checkout.free') : formatMoneyIn(current.amount, current.currency, t.language)),
        ),
        ...detail(t('checkout.result.machine'), current.device.name),
        ...(current.place ? detail(t('checkout.result.place'), current.place.title) : []),
        ...detail(
          t(isCourse(current.course.code) ? 'checkout.course' : 'checkout.purchase.label'),
          purchaseName(current.course, t),
        ),
        ...(free ? [] : detail(t('checkout.method'), gatewayDisplayName(current.gateway, t.language))),
      ),
    ),
    progress.outcome === 'waiting' ? h('p', { class: 'result-live' }, t('checkout.result.live')) : null,
    h('a', { class: 'button', id: 'back', href: checkoutAddressOf(current) }, t('checkout.result.back')),
  ].filter((part): part is HTMLElement => part !== null);
};

/**
 * `/custom/checkout-result`, `/fn/checkout-result`, `/mb/checkout-result`: where the gateway sends the
 * customer back to. The order is followed (asked again every 1.5 s, as long as it is on its way) through
 * paid → credited → started, or to how it ended (refunded, failed, cancelled) with the reason in the
 * customer's words; then the way back to the machine.
 */
export function startResultPage(root: HTMLElement): Promise<void> {
  return followOrder<CheckoutOrder>(root, {
    idPattern: /^[A-Za-z0-9_-]{16,64}$/,
    lookUp: (orderId) => callPublic<CheckoutOrder>(apiRoutes.checkoutOrderGet, { orderId }),
    nextPoll,
    title: 'screen.checkoutResult',
    show: followUp,
  });
}
