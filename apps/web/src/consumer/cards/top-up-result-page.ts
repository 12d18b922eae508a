import { apiRoutes } from '@sbo/contracts/api/routes';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { CardTopUpOrder } from '@sbo/contracts/schemas/cards';
import { cardTopUpAddress, topUpPoll } from '../../features/checkout/utils/card-top-up';
import { callPublic } from '../lib/api';
import { h } from '../lib/dom';
import type { Translate } from '../lib/texts';
import { followOrder } from '../checkout/follow-order';
import { statusPanel } from '../checkout/parts';

const panelStatus = { paid: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/** The top-up as it stands: how it went, what the card got, and the way back to the card page. */
const outcome = (current: CardTopUpOrder, t: Translate) => {
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
      : statusPanel(
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

/**
 * `/custom/card-top-up-result?orderId=`: where the api sends the customer once the gateway has answered.
 * The top-up is asked again every 1.5 s until it is paid, failed, cancelled or refunded; then what the
 * card got (the reward, the balance now) and the way back to the card page.
 */
export function startTopUpResultPage(root: HTMLElement): Promise<void> {
  return followOrder<CardTopUpOrder>(root, {
    idPattern: /^[A-Za-z0-9_-]{8,64}$/,
    lookUp: (orderId) => callPublic<CardTopUpOrder>(apiRoutes.cardTopUpGet, { orderId }),
    nextPoll: topUpPoll,
    title: 'screen.cardTopUpResult',
    show: outcome,
  });
}
