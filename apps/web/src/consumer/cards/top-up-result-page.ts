import { apiRoutes } from '@sbo/contracts/api/routes';
import type { LanguageCode } from '@sbo/contracts/constants';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { CardTopUpOrder } from '@sbo/contracts/schemas/cards';
import { cardTopUpAddress, topUpPoll } from '../../features/checkout/utils/card-top-up';
import { ApiRefusal, callPublic } from '../lib/api';
import { h } from '../lib/dom';
import { languagePicker } from '../lib/language-picker';
import { loadTexts, saveLanguage, startLanguage, type Translate } from '../lib/texts';
import { focusKeeper } from '../checkout/parts';
import { errorCodes } from './refusal';

const orderIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
const panelStatus = { paid: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/** Whether a failed look-up means the address names no order (nothing to try again). */
const unknownOrder = async (error: unknown) =>
  error instanceof ApiRefusal && (error.code === (await errorCodes()).DATA_NOT_FOUND || error.status === 400);

/**
 * `/custom/card-top-up-result?orderId=`: where the api sends the customer once the gateway has answered.
 * The top-up is asked again every 1.5 s until it is paid, failed, cancelled or refunded; then what the
 * card got (the reward, the balance now) and the way back to the card page.
 */
export async function startTopUpResultPage(root: HTMLElement): Promise<void> {
  const orderId = new URLSearchParams(window.location.search).get('orderId') ?? '';
  // The order is asked for while the texts load: neither waits for the other.
  const lookUp = () => callPublic<CardTopUpOrder>(apiRoutes.cardTopUpGet, { orderId });
  let firstLookUp = orderIdPattern.test(orderId) ? lookUp() : null;
  firstLookUp?.catch(() => undefined);
  let t: Translate = await loadTexts(startLanguage());
  const keepFocus = focusKeeper(root);
  let order: CardTopUpOrder | null = null;
  let unknown = false;
  let loading = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = async () => {
    clearTimeout(timer);
    loading = true;
    if (!order) render();
    let failed = false;
    try {
      const asked = firstLookUp ?? lookUp();
      firstLookUp = null;
      order = await asked;
    } catch (error) {
      failed = true;
      if (!order) unknown = await unknownOrder(error);
    }
    loading = false;
    render();
    // A failed look-up stops the polling (as the page always did); the customer can try again.
    const next = failed && !order ? false : topUpPoll(order?.status);
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

  const outcome = (current: CardTopUpOrder) => {
    const money = (minor: number) => formatMoneyIn(minor, current.currency, t.language);
    const detail = (term: string, value: Node | string) => [h('dt', {}, term), h('dd', {}, value)];
    const paid = current.status === 'paid';
    return [
      current.status === 'created'
        ? h(
            'section',
            { class: 'card result-waiting', role: 'status', 'aria-live': 'polite' },
            h('span', { class: 'spinner', 'aria-hidden': 'true' }),
            h('h1', {}, t('cardTopUp.result.waiting')),
          )
        : status(
            `result-${panelStatus[current.status]}`,
            t(`cardTopUp.result.${current.status}.title`),
            t(`cardTopUp.result.${current.status}.description`),
            null,
            true,
          ),
      h(
        'section',
        { class: 'card', 'aria-label': t('checkout.result.details') },
        h(
          'dl',
          { class: 'result-details' },
          ...detail(t('cardTopUp.result.card'), current.cardNumber),
          ...detail(t('cardTopUp.result.amount'), h('strong', {}, money(current.amount))),
          ...(current.reward > 0
            ? detail(
                t('cardTopUp.result.reward'),
                h('span', { 'data-testid': 'top-up-reward' }, `+${money(current.reward)}`),
              )
            : []),
          ...(current.balanceAfter !== null
            ? detail(
                t('cardTopUp.result.balanceAfter'),
                h('strong', { 'data-testid': 'top-up-balance' }, money(current.balanceAfter)),
              )
            : []),
          ...detail(t('checkout.result.place'), current.place.title),
          ...detail(t('checkout.method'), gatewayDisplayName(current.gateway, t.language)),
        ),
      ),
      current.status === 'created' ? h('p', { class: 'result-live' }, t('checkout.result.live')) : null,
      h(
        'a',
        {
          class: paid ? 'button' : 'button button-primary',
          id: 'back',
          href: cardTopUpAddress(current.place.id, current.program),
        },
        t(paid ? 'cardTopUp.result.again' : 'cardTopUp.result.tryAgain'),
      ),
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
      content = outcome(order);
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
    document.title = t('screen.cardTopUpResult');
    keepFocus(() => {
      root.removeAttribute('aria-busy');
      root.replaceChildren(bar, ...content);
    });
  };

  render();
  if (orderIdPattern.test(orderId)) await load();
}
