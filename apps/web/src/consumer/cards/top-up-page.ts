import { apiRoutes } from '@sbo/contracts/api/routes';
import type { LanguageCode } from '@sbo/contracts/constants';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { formatMoneyIn } from '@sbo/contracts/money-format';
import type { CardOffer, ConsumerCard } from '@sbo/contracts/schemas/cards';
import {
  cardNumberDigits,
  cardOfferSelector,
  isCardNumber,
  sortedTiers,
  tierValue,
} from '../../features/checkout/utils/card-top-up';
import {
  callingCodeFor,
  callingCodes,
  internationalPhone,
  type CallingCode,
} from '../../features/checkout/utils/phone-number';
import { forgetSavedCard, readSavedCard, saveCard, type SavedCard } from '../../features/checkout/utils/saved-card';
import { ApiRefusal, callPublic, errorCodes } from '../lib/api';
import { h } from '../lib/dom';
import { loadTexts, saveLanguage, startLanguage, type TextKey, type Translate } from '../lib/texts';
import { choiceList, gatewayPayment, pageDrawer, payButton, statusPanel } from '../checkout/parts';
import { cardRefusalOf, refusalNote, refusedOf, type Refused } from './refusal';

/** The card to top up; `state` is what the api told of it (a virtual card's balance), if anything. */
type ChosenCard = SavedCard & { state?: ConsumerCard };

// When the api refuses a code as asked too often, it allows another after a minute at the latest.
const tooFrequentWaitSeconds = 60;

/** Groups of four digits, as printed on a card. */
const spacedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Why the offer could not be shown: the address names no place, the card is not taken there, or no answer. */
async function offerFailure(error: unknown): Promise<'unknownPlace' | 'notAccepted' | 'loadFailed'> {
  if ((await cardRefusalOf(error)) === 'notAccepted') return 'notAccepted';
  const codes = await errorCodes();
  return error instanceof ApiRefusal &&
    (error.code === codes.PLACE_NOT_FOUND || error.code === codes.DEVICE_NOT_FOUND || error.status === 400)
    ? 'unknownPlace'
    : 'loadFailed';
}

/**
 * `/custom/card-top-up?placeId=|hwid=[&program=ok]`: find a printed card by its number or open (or find) the
 * phone's virtual card with a code sent by SMS, pick a top-up tier (pay 500, get 550) and a payment method,
 * and go on to the gateway's page. The card used last with this merchant is remembered on the phone.
 */
export async function startTopUpPage(root: HTMLElement): Promise<void> {
  const selector = cardOfferSelector(new URLSearchParams(window.location.search));
  // The offer is asked for while the texts load: neither waits for the other.
  const lookUp = () => callPublic<CardOffer>(apiRoutes.cardOffer, {}, { query: selector! });
  let firstLookUp = selector ? lookUp() : null;
  firstLookUp?.catch(() => undefined);
  let t: Translate = await loadTexts(startLanguage());
  const draw = pageDrawer(root);

  let offer: CardOffer | null = null;
  let loading = true;
  let failure: 'unknownPlace' | 'notAccepted' | 'loadFailed' = 'loadFailed';
  let card: ChosenCard | null = null;
  // Finding the card.
  let way: 'physical' | 'virtual' = 'physical';
  let typedNumber = '';
  let numberInvalid = false;
  let callingCode: CallingCode = '+886';
  let typedPhone = '';
  let phoneInvalid = false;
  let sentTo: string | null = null;
  let code = '';
  let sending = false;
  let sendRefused: Refused | null = null;
  let opening = false;
  let openRefused: Refused | null = null;
  let secondsLeft = 0;
  let countdown: ReturnType<typeof setInterval> | undefined;
  // The top-up.
  let amount: number | null = null;
  let gateway: string | null = null;
  const payment = gatewayPayment(() => render());
  let payRefused: Refused | null = null;

  const money = (minor: number, currency = offer!.currency) => formatMoneyIn(minor, currency, t.language);

  const startCountdown = (seconds: number) => {
    clearInterval(countdown);
    secondsLeft = Math.max(0, Math.ceil(seconds));
    countdown = setInterval(() => {
      secondsLeft = Math.max(0, secondsLeft - 1);
      if (secondsLeft === 0) clearInterval(countdown);
      render();
    }, 1000);
  };

  const remember = (chosen: ChosenCard) =>
    saveCard(offer!.program, offer!.merchantName, { number: chosen.number, virtual: chosen.virtual });

  // A virtual card is the api's answer, so it is remembered at once; a typed number once a top-up accepts it.
  const choose = (chosen: ChosenCard) => {
    if (chosen.virtual) remember(chosen);
    card = chosen;
    payRefused = null;
    render();
  };

  const useAnother = () => {
    forgetSavedCard(offer!.program, offer!.merchantName);
    card = null;
    typedNumber = '';
    code = '';
    sentTo = null;
    openRefused = null;
    payRefused = null;
    render();
  };

  const shown = (next: CardOffer) => {
    offer = next;
    const tiers = sortedTiers(next.topUpTiers);
    amount = tiers.length === 1 ? tiers[0]!.amount : null;
    gateway = next.gateways.length === 1 ? next.gateways[0]! : null;
    callingCode = callingCodeFor(next.currency);
    card = readSavedCard(next.program, next.merchantName);
  };

  const load = async () => {
    loading = true;
    render();
    try {
      const asked = firstLookUp ?? lookUp();
      firstLookUp = null;
      shown(await asked);
    } catch (error) {
      failure = await offerFailure(error);
    }
    loading = false;
    render();
  };

  const switchLanguage = async (language: LanguageCode) => {
    saveLanguage(language);
    t = await loadTexts(language);
    const again = async (refused: Refused | null) => (refused ? refusedOf(refused.error, t) : null);
    [sendRefused, openRefused, payRefused] = await Promise.all([
      again(sendRefused),
      again(openRefused),
      again(payRefused),
    ]);
    render();
  };

  const sendCode = async () => {
    if (!offer || sending || secondsLeft > 0) return;
    const phone = internationalPhone(callingCode, typedPhone);
    phoneInvalid = phone === null;
    if (!phone) return render();
    sending = true;
    sendRefused = null;
    render();
    try {
      const { retryAfterSeconds } = await callPublic<{ retryAfterSeconds: number }>(
        apiRoutes.cardSmsCode,
        {},
        { body: { placeId: offer.place.id, program: offer.program, phone } },
      );
      sentTo = phone;
      startCountdown(retryAfterSeconds);
    } catch (error) {
      sendRefused = await refusedOf(error, t);
      if (sendRefused.refusal === 'smsTooFrequent') startCountdown(tooFrequentWaitSeconds);
    }
    sending = false;
    render();
  };

  const openCard = async () => {
    if (!offer || !sentTo || opening || !/^\d{6}$/.test(code)) return;
    opening = true;
    openRefused = null;
    render();
    try {
      const opened = await callPublic<ConsumerCard>(
        apiRoutes.virtualCardOpen,
        {},
        { body: { placeId: offer.place.id, program: offer.program, phone: sentTo, code } },
      );
      opening = false;
      choose({ number: opened.number, virtual: true, state: opened });
      return;
    } catch (error) {
      openRefused = await refusedOf(error, t);
    }
    opening = false;
    render();
  };

  const physicalForm = () =>
    h(
      'form',
      {
        class: 'card-step-form',
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          const digits = cardNumberDigits(typedNumber);
          numberInvalid = !isCardNumber(digits);
          if (numberInvalid) return render();
          choose({ number: digits, virtual: false });
        },
      },
      h(
        'label',
        { class: 'field', for: 'card-number-input' },
        h('span', { class: 'field-label' }, t('cardTopUp.physical.number')),
        h('input', {
          id: 'card-number-input',
          type: 'text',
          inputmode: 'numeric',
          autocomplete: 'off',
          maxlength: 30,
          value: typedNumber,
          'data-testid': 'card-number-input',
          'aria-invalid': String(numberInvalid),
          'aria-describedby': 'card-number-hint',
          oninput: (event: Event) => {
            typedNumber = (event.target as HTMLInputElement).value;
            if (numberInvalid) {
              numberInvalid = false;
              render();
            }
          },
        }),
      ),
      h(
        'p',
        {
          id: 'card-number-hint',
          class: numberInvalid ? 'limits is-wrong' : 'limits',
          role: numberInvalid ? 'alert' : undefined,
        },
        t(numberInvalid ? 'cardTopUp.physical.invalid' : 'cardTopUp.physical.hint'),
      ),
      h(
        'button',
        { type: 'submit', id: 'card-continue', class: 'button button-primary pay' },
        t('cardTopUp.physical.continue'),
      ),
    );

  const virtualForm = () => {
    const waiting = secondsLeft > 0;
    return h(
      'div',
      { class: 'card-step-form' },
      h('p', { class: 'checkout-merchant' }, t('cardTopUp.virtual.intro')),
      h(
        'form',
        {
          class: 'card-phone-form',
          novalidate: true,
          onsubmit: (event: Event) => {
            event.preventDefault();
            void sendCode();
          },
        },
        h('label', { class: 'field-label', for: 'card-phone' }, t('cardTopUp.virtual.phone')),
        h(
          'span',
          { class: 'phone-field' },
          h(
            'select',
            {
              id: 'calling-code',
              'aria-label': t('cardTopUp.virtual.callingCode'),
              onchange: (event: Event) => {
                callingCode = (event.target as HTMLSelectElement).value as CallingCode;
              },
            },
            ...callingCodes.map((value) => h('option', { value, selected: value === callingCode }, value)),
          ),
          h('input', {
            id: 'card-phone',
            type: 'tel',
            inputmode: 'tel',
            autocomplete: 'tel-national',
            value: typedPhone,
            'data-testid': 'card-phone-input',
            'aria-invalid': String(phoneInvalid),
            oninput: (event: Event) => {
              typedPhone = (event.target as HTMLInputElement).value;
            },
          }),
        ),
        phoneInvalid ? h('p', { class: 'limits is-wrong', role: 'alert' }, t('cardTopUp.virtual.phoneInvalid')) : null,
        h(
          'button',
          {
            type: 'submit',
            id: 'send-code',
            class: 'button',
            disabled: waiting || sending,
            'aria-busy': sending ? 'true' : undefined,
          },
          sending ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
          waiting
            ? t('cardTopUp.virtual.sendAgainIn', { seconds: secondsLeft })
            : t(sentTo ? 'cardTopUp.virtual.sendAgain' : 'cardTopUp.virtual.sendCode'),
        ),
      ),
      sendRefused ? refusalNote(sendRefused, t, secondsLeft) : null,
      sentTo
        ? h(
            'form',
            {
              class: 'card-code-form',
              novalidate: true,
              onsubmit: (event: Event) => {
                event.preventDefault();
                void openCard();
              },
            },
            h('p', { class: 'note note-success', role: 'status' }, t('cardTopUp.virtual.sent', { phone: sentTo })),
            h(
              'label',
              { class: 'field', for: 'card-code' },
              h('span', { class: 'field-label' }, t('cardTopUp.virtual.code')),
              h('input', {
                id: 'card-code',
                type: 'text',
                inputmode: 'numeric',
                autocomplete: 'one-time-code',
                maxlength: 6,
                value: code,
                'data-testid': 'card-code-input',
                oninput: (event: Event) => {
                  const input = event.target as HTMLInputElement;
                  const digits = input.value.replace(/\D/g, '');
                  if (digits !== input.value) input.value = digits;
                  const wasReady = code.length === 6;
                  code = digits;
                  if (wasReady !== (code.length === 6)) render();
                },
              }),
            ),
            openRefused ? refusalNote(openRefused, t) : null,
            h(
              'button',
              {
                type: 'submit',
                id: 'open-card',
                class: 'button button-primary pay',
                disabled: code.length !== 6 || opening,
                'aria-busy': opening ? 'true' : undefined,
              },
              opening ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
              t('cardTopUp.virtual.open'),
            ),
          )
        : null,
    );
  };

  const chooser = (current: CardOffer) => {
    const wayButton = (value: 'physical' | 'virtual') =>
      h(
        'button',
        {
          type: 'button',
          id: `way-${value}`,
          class: way === value ? 'segment is-chosen' : 'segment',
          'aria-pressed': String(way === value),
          onclick: () => {
            way = value;
            render();
          },
        },
        t(`cardTopUp.choose.${value}`),
      );
    return h(
      'section',
      { class: 'card card-chooser', 'aria-labelledby': 'card-chooser-title' },
      h('h2', { id: 'card-chooser-title', class: 'card-chooser-title' }, t('cardTopUp.choose.title')),
      current.virtualCards ? h('div', { class: 'segments' }, wayButton('physical'), wayButton('virtual')) : null,
      current.virtualCards && way === 'virtual' ? virtualForm() : physicalForm(),
    );
  };

  const summary = (chosen: ChosenCard) =>
    h(
      'section',
      { class: 'card card-summary', 'aria-label': t('cardTopUp.card.label') },
      h('span', { class: 'card-summary-icon', 'aria-hidden': 'true' }),
      h(
        'span',
        { class: 'card-summary-text' },
        h(
          'span',
          { class: 'checkout-merchant' },
          t(chosen.virtual ? 'cardTopUp.card.virtual' : 'cardTopUp.card.physical'),
        ),
        h('strong', { class: 'card-summary-number', 'data-testid': 'card-number' }, spacedNumber(chosen.number)),
        chosen.state
          ? h(
              'span',
              { class: 'checkout-merchant', 'data-testid': 'card-balance' },
              t('cardTopUp.card.balance', { amount: money(chosen.state.balance, chosen.state.currency) }),
              chosen.state.point > 0
                ? ` · ${t('cardTopUp.card.points', { points: new Intl.NumberFormat(t.language).format(chosen.state.point) })}`
                : '',
            )
          : null,
      ),
      h(
        'button',
        { type: 'button', id: 'use-another', class: 'link-button', onclick: useAnother },
        t('cardTopUp.card.useAnother'),
      ),
    );

  const topUpForm = (current: CardOffer, chosen: ChosenCard) => {
    const tiers = sortedTiers(current.topUpTiers);
    if (tiers.length === 0) return h('p', { class: 'note note-warning' }, t('cardTopUp.noTiers'));
    const tier = tiers.find((item) => item.amount === amount);
    const leaving = payment.busy;

    const pay = async () => {
      if (!tier || !gateway || leaving) return;
      const method = gateway;
      payRefused = null;
      await payment.pay(
        `${chosen.number}|${tier.amount}|${method}`,
        async (clientRequestId) => {
          const made = await callPublic<{ redirectUrl: string }>(
            apiRoutes.cardTopUpCreate,
            {},
            {
              body: {
                placeId: current.place.id,
                program: current.program,
                cardNumber: chosen.number,
                amount: tier.amount,
                gateway: method,
                clientRequestId,
                lang: t.language,
              },
            },
          );
          remember(chosen);
          return made;
        },
        async (error) => {
          payRefused = await refusedOf(error, t);
        },
      );
    };

    return h(
      'form',
      {
        class: 'checkout-form',
        onsubmit: (event: Event) => {
          event.preventDefault();
          void pay();
        },
      },
      choiceList({
        name: 'tier',
        legend: t('cardTopUp.tier.legend'),
        value: amount === null ? null : String(amount),
        disabled: leaving,
        onChange: (value) => {
          amount = Number(value);
          render();
        },
        choices: tiers.map((item) => ({
          value: String(item.amount),
          label: t('cardTopUp.tier.pay', { amount: money(item.amount) }),
          note:
            [
              item.reward > 0 ? t('cardTopUp.tier.reward', { amount: money(item.reward) }) : '',
              item.promotion
                ? t('cardTopUp.tier.promotion', { amount: money(item.promotion.reward), name: item.promotion.name })
                : '',
            ]
              .filter(Boolean)
              .join(' · ') || undefined,
          extra: [t('cardTopUp.tier.get', { amount: money(tierValue(item)) })],
        })),
      }),
      current.pointsRule.enabled
        ? h(
            'p',
            { class: 'note note-info' },
            t('cardTopUp.points', { amount: money(current.pointsRule.spendPerPoint) }),
          )
        : null,
      choiceList({
        name: 'gateway',
        legend: t('checkout.method'),
        value: gateway,
        disabled: leaving,
        onChange: (value) => {
          gateway = value;
          render();
        },
        choices: current.gateways.map((item) => ({
          value: item,
          label: gatewayDisplayName(item, t.language),
        })),
      }),
      h(
        'div',
        { class: 'card checkout-total', 'aria-live': 'polite' },
        h('span', {}, t('cardTopUp.cardGets')),
        h('strong', { 'data-testid': 'card-gets' }, tier ? money(tierValue(tier)) : '—'),
      ),
      payRefused ? refusalNote(payRefused, t) : null,
      payButton(
        Boolean(tier && gateway),
        leaving,
        tier && gateway ? t('checkout.pay', { amount: money(tier.amount) }) : t('cardTopUp.chooseFirst'),
      ),
    );
  };

  const page = (current: CardOffer) => [
    h(
      'section',
      { class: 'card checkout-machine', 'aria-labelledby': 'card-top-up-title' },
      h('p', { class: 'checkout-merchant' }, current.merchantName),
      h('h1', { id: 'card-top-up-title', class: 'checkout-machine-name' }, t(`cardTopUp.title.${current.program}`)),
      h('p', { class: 'checkout-place' }, h('span', { class: 'checkout-place-title' }, current.place.title)),
    ),
    // Nothing to buy: no card to find or open, no tiers, just why.
    ...(!current.paymentSetUp
      ? [h('p', { class: 'note note-warning', 'data-testid': 'top-up-not-set-up' }, t('cardTopUp.notSetUp'))]
      : card
        ? [summary(card), topUpForm(current, card)]
        : [chooser(current)]),
  ];

  const render = () => {
    let content: HTMLElement[];
    if (!selector) {
      content = [statusPanel('warning', t('cardTopUp.noPlace.title'), t('cardTopUp.noPlace.description'))];
    } else if (offer) {
      content = page(offer);
    } else if (loading) {
      content = [h('p', { class: 'loading', role: 'status' }, t('cardTopUp.loading'))];
    } else {
      content = [
        statusPanel(
          failure === 'loadFailed' ? 'error' : 'warning',
          t(`cardTopUp.${failure}.title` as TextKey),
          t(`cardTopUp.${failure}.description` as TextKey),
          failure === 'loadFailed'
            ? h(
                'button',
                { type: 'button', class: 'button', id: 'retry', onclick: () => void load() },
                t('checkout.tryAgain'),
              )
            : null,
        ),
      ];
    }
    draw(offer ? t(`cardTopUp.title.${offer.program}`) : t('screen.cardTopUp'), t, switchLanguage, content);
  };

  render();
  if (selector) await load();
}
