import { apiRoutes } from '@sbo/contracts/api/routes';
import type { LanguageCode } from '@sbo/contracts/constants';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { CheckoutOrder } from '@sbo/contracts/schemas/checkout';
import { checkoutAddressOf } from '../../features/checkout/utils/checkout-address';
import { nextPoll, orderProgress, type OrderOutcome } from '../../features/checkout/utils/order-progress';
import { ApiRefusal, callPublic } from '../lib/api';
import { h } from '../lib/dom';
import { languagePicker } from '../lib/language-picker';
import { loadTexts, saveLanguage, startLanguage, type TextKey, type Translate } from '../lib/texts';
import { focusKeeper } from './parts';

const orderIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** The codes checkout gives what is not a course (docs/payments.md, "What each machine sells"). */
const minutesOf = (name: string) => Number(/\d+/.exec(name)?.[0] ?? 0);
const isCourse = (code: string) => !['credit', 'time', 'addTime'].includes(code);

/** Whether a failed look-up means the address names no order (nothing to try again). */
const unknownOrder = async (error: unknown) =>
  error instanceof ApiRefusal &&
  (error.code === (await import('@sbo/contracts/errors')).ErrorCode.DATA_NOT_FOUND || error.status === 400);

/** What was bought, in the customer's language: credit and minutes are named here, a course or product by its name. */
function purchaseName(course: CheckoutOrder['course'], t: Translate): string {
  if (course.code === 'credit') return t('checkout.purchase.credit');
  if (course.code === 'time') return t('checkout.minutesValue', { minutes: minutesOf(course.name) });
  if (course.code === 'addTime') return t('checkout.purchase.addTime', { minutes: minutesOf(course.name) });
  return course.name;
}

const stepMarks = { done: '✓', current: '…', waiting: '–', failed: '✕' } as const;
const panelStatus = { started: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/**
 * `/custom/checkout-result`, `/fn/checkout-result`, `/mb/checkout-result`: where the gateway sends the
 * customer back to. The order is followed (asked again every 1.5 s, as long as it is on its way) through
 * paid → credited → started, or to how it ended (refunded, failed, cancelled) with the reason in the
 * customer's words; then the way back to the machine.
 */
export async function startResultPage(root: HTMLElement): Promise<void> {
  const orderId = new URLSearchParams(window.location.search).get('orderId') ?? '';
  // The order is asked for while the texts load: neither waits for the other.
  const lookUp = () => callPublic<CheckoutOrder>(apiRoutes.checkoutOrderGet, { orderId });
  let firstLookUp = orderIdPattern.test(orderId) ? lookUp() : null;
  firstLookUp?.catch(() => undefined);
  let t: Translate = await loadTexts(startLanguage());
  const keepFocus = focusKeeper(root);
  let order: CheckoutOrder | null = null;
  let unknown = false;
  let loading = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = async () => {
    clearTimeout(timer);
    loading = true;
    if (!order) render();
    try {
      const asked = firstLookUp ?? lookUp();
      firstLookUp = null;
      order = await asked;
    } catch (error) {
      // A failed look-up after the order showed: keep showing it and ask again at the next turn.
      if (!order) unknown = await unknownOrder(error);
    }
    loading = false;
    render();
    const next = order ? nextPoll(order.status) : false;
    if (next !== false) timer = setTimeout(() => void load(), next);
  };

  const switchLanguage = async (language: LanguageCode) => {
    saveLanguage(language);
    t = await loadTexts(language);
    render();
  };

  const status = (kind: string, title: string, body: string, action?: HTMLElement | null, live = false) =>
    h(
      'section',
      { class: `status-panel status-${kind}`, ...(live ? { role: 'status' } : {}) },
      h('h1', {}, title),
      h('p', {}, body),
      action ?? null,
    );

  const outcomeHeading = (current: CheckoutOrder, outcome: OrderOutcome, wasPaid: boolean) => {
    if (outcome === 'waiting')
      return h(
        'section',
        { class: 'card result-waiting', role: 'status', 'aria-live': 'polite' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('h1', {}, t(`checkout.result.waiting.${current.status}` as TextKey)),
      );
    const titleKey = outcome === 'failed' && wasPaid ? 'failedAfterPayment' : outcome;
    const reason = current.reason && outcome !== 'started' ? t(`checkout.reason.${current.reason}`) : null;
    return status(
      `result-${panelStatus[outcome]}`,
      t(`checkout.result.outcome.${titleKey}.title`),
      [reason, t(`checkout.result.outcome.${titleKey}.description`)].filter(Boolean).join(' '),
      null,
      true,
    );
  };

  const followUp = (current: CheckoutOrder) => {
    const progress = orderProgress(current);
    // A promotion's free cycle: nothing was paid, so no payment method either.
    const free = current.amount === 0;
    const detail = (term: string, value: Node | string) => [h('dt', {}, term), h('dd', {}, value)];
    return [
      outcomeHeading(current, progress.outcome, progress.wasPaid),
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

  const render = () => {
    const bar = h(
      'header',
      { class: 'checkout-bar' },
      languagePicker(t, (language) => void switchLanguage(language)),
    );
    let content: HTMLElement[];
    if (!orderIdPattern.test(orderId)) {
      content = [status('warning', t('checkout.result.noOrder.title'), t('checkout.result.noOrder.description'))];
    } else if (order) {
      content = followUp(order);
    } else if (loading) {
      content = [h('p', { class: 'loading', role: 'status' }, t('checkout.result.loading'))];
    } else {
      content = [
        status(
          'error',
          t(unknown ? 'checkout.result.unknownOrder.title' : 'checkout.loadFailed.title'),
          t(unknown ? 'checkout.result.unknownOrder.description' : 'checkout.loadFailed.description'),
          unknown
            ? null
            : h(
                'button',
                { type: 'button', class: 'button', id: 'retry', onclick: () => void load() },
                t('checkout.tryAgain'),
              ),
        ),
      ];
    }
    document.title = t('screen.checkoutResult');
    keepFocus(() => {
      root.removeAttribute('aria-busy');
      root.replaceChildren(bar, ...content);
    });
  };

  render();
  if (orderIdPattern.test(orderId)) await load();
}
