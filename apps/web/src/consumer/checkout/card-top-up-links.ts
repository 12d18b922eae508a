import { apiRoutes } from '@sbo/contracts/api/routes';
import type { CardOffer, CardProgram } from '@sbo/contracts/schemas/cards';
import { callPublic } from '../lib/api';
import { h } from '../lib/dom';
import type { Translate } from '../lib/texts';

const programs: readonly CardProgram[] = ['vip', 'ok'];

/** The card programs this place tops up (tiers set and payment set up), asked after the machine shows. */
export async function toppedUpPrograms(placeId: number): Promise<CardProgram[]> {
  const offers = await Promise.all(
    programs.map((program) =>
      callPublic<CardOffer>(apiRoutes.cardOffer, {}, { query: { placeId, program } }).then(
        (offer) => (offer.topUpTiers.length > 0 && offer.paymentSetUp ? program : null),
        () => null,
      ),
    ),
  );
  return offers.filter((program): program is CardProgram => program !== null);
}

/** "Top up a member card" (or an OK card): a link to the place's card page. */
export const cardTopUpLink = (placeId: number, program: CardProgram, t: Translate) =>
  h(
    'a',
    {
      class: 'card card-top-up-link',
      href: `/custom/card-top-up?placeId=${placeId}${program === 'vip' ? '' : `&program=${program}`}`,
      'data-testid': `card-top-up-link-${program}`,
    },
    h(
      'span',
      { class: 'link-text' },
      h('strong', {}, t(`cardTopUp.link.title.${program}`)),
      h('span', { class: 'checkout-merchant' }, t('cardTopUp.link.description')),
    ),
    h('span', { class: 'link-arrow', 'aria-hidden': 'true' }, '›'),
  );
