import { apiRoutes } from '@sbo/contracts/api/routes';
import type { LanguageCode, PaymentGateway } from '@sbo/contracts/constants';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { currencySymbolIn, formatMoneyIn } from '@sbo/contracts/money-format';
import type { CheckoutMachine, CheckoutOrderCreate, CheckoutPurchase } from '@sbo/contracts/schemas/checkout';
import { currencyExponent } from '@sbo/contracts/settlement';
import { machineSelector, type MachineSelector } from '../../features/checkout/utils/checkout-address';
import { paymentReadiness, worthRefreshing } from '../../features/checkout/utils/machine-readiness';
import {
  amountPrice,
  amountProblem,
  minutesPrice,
  mostMinutes,
  parseTyped,
  startingMinutes,
  type ShownPrice,
} from '../../features/checkout/utils/purchase';
import { ApiRefusal, bootedCall, callPublic, errorCodes } from '../lib/api';
import { h } from '../lib/dom';
import { errorText } from '../lib/error-texts';
import { loadTexts, saveLanguage, startLanguage, type TextKey, type Translate } from '../lib/texts';
import type { CardProgram } from '@sbo/contracts/schemas/cards';
import { cardTopUpLink, toppedUpPrograms } from './card-top-up-links';
import { choiceList, gatewayPayment, pageDrawer, payButton, statusPanel } from './parts';

type Theme = NonNullable<CheckoutOrderCreate['theme']>;
type Item = { code: string; name: string } & ShownPrice;
type TimeOffer = Extract<NonNullable<CheckoutMachine['offer']>, { way: 'time' }>;
type AmountOffer = Extract<NonNullable<CheckoutMachine['offer']>, { way: 'amount' }>;

/** Minor units as the customer types them: "70" for NT$70 (a currency with cents takes "1.50"). */
const typedOf = (minor: number, currency: string) => String(minor / 10 ** currencyExponent(currency));

/** Refusals of a payment that mean the machine stopped being free between the look-up and the tap. */
const noLongerFree = async (error: unknown) => {
  const codes = await errorCodes();
  return (
    error instanceof ApiRefusal &&
    (error.code === codes.DEVICE_NOT_STANDBY || error.code === codes.MACHINE_STATUS_UNAVAILABLE)
  );
};

/** Whether a failed look-up means the address names no machine (rather than a failed connection). */
const unknownMachine = async (error: unknown) =>
  error instanceof ApiRefusal && (error.code === (await errorCodes()).DEVICE_NOT_FOUND || error.status === 400);

/**
 * `/custom/checkout`, `/fn/checkout` (the QR code on a machine): the machine, whether it can start, what it
 * sells (a course, a product, an amount, minutes, or more minutes for a running dryer), the payment methods
 * and the Pay button, which makes the order and goes on to the gateway's page. The api prices the order
 * again; what shows here is only what the customer is about to pay.
 */
export async function startCheckoutPage(root: HTMLElement, theme: Theme): Promise<void> {
  const selector: MachineSelector | null = machineSelector(new URLSearchParams(window.location.search));
  // The machine is asked for while the texts load: neither waits for the other.
  const lookUp = (): Promise<CheckoutMachine> =>
    callPublic<CheckoutMachine>(apiRoutes.checkoutMachine, {}, { query: selector! });
  // The page usually arrives with the answer (the api asked itself while serving it): drawn at once then.
  const booted = selector ? bootedCall<CheckoutMachine>(apiRoutes.checkoutMachine, {}, selector) : null;
  let firstLookUp = selector ? (booted ?? lookUp()) : null;
  firstLookUp?.catch(() => undefined);
  let t: Translate = await loadTexts(startLanguage());
  const draw = pageDrawer(root);

  let machine: CheckoutMachine | null = null;
  let loadErrorUnknown = false;
  let loading = true;
  // The customer's choices.
  let code: string | null = null;
  let typed = '';
  let minutes = 0;
  let gateway: PaymentGateway | null = null;
  const payment = gatewayPayment(() => render());
  let payError: { error: unknown; text: string | null; notFree: boolean } | null = null;

  const money = (minor: number) => formatMoneyIn(minor, machine!.merchant.currency, t.language);

  const choose = (next: CheckoutMachine) => {
    const first = machine === null;
    machine = next;
    const offer = next.offer;
    const items: Item[] = offer?.way === 'product' ? offer.products : next.courses;
    if (first || !items.some((item) => item.code === code)) code = items.length === 1 ? items[0]!.code : null;
    const readiness = paymentReadiness(next);
    const topUp = readiness.canPay && readiness.topUp === true;
    if (first && offer?.way === 'amount') typed = typedOf(offer.suggested[0] ?? offer.min, next.merchant.currency);
    if (offer?.way === 'time' && (first || minutes === 0 || minutes > mostMinutes(offer, topUp)))
      minutes = startingMinutes(offer, topUp);
    if (!next.methods.some((method) => method.gateway === gateway))
      gateway = next.methods.length === 1 ? next.methods[0]!.gateway : null;
  };

  const load = async (showLoading = true) => {
    loading = true;
    if (showLoading) render();
    try {
      const asked = firstLookUp ?? lookUp();
      firstLookUp = null;
      choose(await asked);
      loadErrorUnknown = false;
    } catch (error) {
      loadErrorUnknown = await unknownMachine(error);
    }
    loading = false;
    render();
  };

  const switchLanguage = async (language: LanguageCode) => {
    saveLanguage(language);
    t = await loadTexts(language);
    if (payError) payError = { ...payError, text: await errorText(payError.error, t) };
    render();
  };

  const status = (kind: 'warning' | 'error', title: TextKey, body: TextKey, action?: HTMLElement) =>
    statusPanel(kind, t(title), t(body), action);

  const retryButton = (label: TextKey) =>
    h(
      'button',
      {
        type: 'button',
        class: 'button',
        id: 'retry',
        onclick: () => void load(),
        'aria-busy': loading ? 'true' : undefined,
      },
      t(label),
    );

  /** What is being bought and its price now; nulls while nothing (or nothing valid) is chosen. */
  const purchaseOf = (current: CheckoutMachine, topUp: boolean) => {
    const offer = current.offer;
    const currency = current.merchant.currency;
    if (offer?.way === 'amount') {
      const amount = parseTyped(typed, currency);
      if (amount === null || amountProblem(offer, currency, typed) !== null) return { purchase: null, shown: null };
      return { purchase: { way: 'amount', amount } as CheckoutPurchase, shown: amountPrice(offer, amount) };
    }
    if (offer?.way === 'time') {
      // A dryer that started running while the page was open takes at most a top-up's minutes.
      const chosen = Math.min(minutes, mostMinutes(offer, topUp));
      return {
        purchase: { way: 'time', minutes: chosen, topUp } as CheckoutPurchase,
        shown: minutesPrice(offer, chosen),
      };
    }
    const items: Item[] = offer?.way === 'product' ? offer.products : current.courses;
    const chosen = items.find((item) => item.code === code);
    if (!chosen) return { purchase: null, shown: null };
    const purchase: CheckoutPurchase =
      offer?.way === 'product' ? { way: 'product', product: chosen.code } : { way: 'course', course: chosen.code };
    return { purchase, shown: chosen as ShownPrice };
  };

  const shownPrice = (item: ShownPrice) => (item.free ? t('checkout.free') : money(item.price));
  const withNormal = (item: ShownPrice): (Node | string)[] =>
    item.normalPrice && item.normalPrice > item.price
      ? [h('s', { class: 'checkout-normal-price' }, money(item.normalPrice)), ' ', shownPrice(item)]
      : [shownPrice(item)];

  const summary = (current: CheckoutMachine) => {
    const readiness = paymentReadiness(current);
    return h(
      'section',
      { class: 'card checkout-machine', 'aria-labelledby': 'checkout-machine-name' },
      h('p', { class: 'checkout-merchant' }, current.merchant.name),
      h('h1', { id: 'checkout-machine-name', class: 'checkout-machine-name' }, current.device.name),
      current.place
        ? h(
            'p',
            { class: 'checkout-place' },
            h('span', { class: 'checkout-place-title' }, current.place.title),
            current.place.address ? h('span', {}, current.place.address) : null,
          )
        : null,
      h(
        'p',
        { class: `checkout-state checkout-state-${current.state}`, role: 'status' },
        h('span', { class: 'state-dot', 'aria-hidden': 'true' }),
        t(`checkout.state.${current.state}`),
      ),
      readiness.canPay
        ? readiness.topUp
          ? h('p', { class: 'note note-info' }, t('checkout.topUpHint'))
          : null
        : h(
            'div',
            { class: 'checkout-why' },
            h(
              'p',
              { class: `note ${current.state === 'fault' ? 'note-error' : 'note-warning'}` },
              t(`checkout.cannotPay.${readiness.reason}`),
            ),
            worthRefreshing(readiness.reason) ? retryButton('checkout.refresh') : null,
          ),
    );
  };

  const amountChooser = (offer: AmountOffer, currency: string, disabled: boolean) => {
    const problem = amountProblem(offer, currency, typed);
    return h(
      'fieldset',
      { class: 'card checkout-amount', disabled },
      h('legend', {}, t('checkout.chooseAmount')),
      h(
        'div',
        { class: 'checkout-suggested' },
        ...offer.suggested.map((amount) => {
          const chosen = typed === typedOf(amount, currency);
          return h(
            'button',
            {
              type: 'button',
              id: `amount-${amount}`,
              class: chosen ? 'suggestion is-chosen' : 'suggestion',
              'aria-pressed': String(chosen),
              onclick: () => {
                typed = typedOf(amount, currency);
                render();
              },
            },
            money(amount),
          );
        }),
      ),
      h(
        'label',
        { class: 'checkout-typed', for: 'amount-typed' },
        h('span', {}, t('checkout.typeAmount')),
        h(
          'span',
          { class: 'typed-field' },
          h('span', { 'aria-hidden': 'true' }, currencySymbolIn(currency, t.language)),
          h('input', {
            id: 'amount-typed',
            type: 'text',
            inputmode: 'decimal',
            autocomplete: 'off',
            value: typed,
            'aria-invalid': String(typed !== '' && problem !== null),
            'aria-describedby': 'amount-limits',
            oninput: (event: Event) => {
              typed = (event.target as HTMLInputElement).value.trim();
              render();
            },
          }),
        ),
      ),
      h(
        'p',
        { id: 'amount-limits', class: typed !== '' && problem ? 'limits is-wrong' : 'limits' },
        t('checkout.amountLimits', { min: money(offer.min), max: money(offer.max), step: money(offer.step) }),
      ),
    );
  };

  const minutesChooser = (offer: TimeOffer, topUp: boolean, disabled: boolean) => {
    const step = offer.stepMinutes;
    const most = mostMinutes(offer, topUp);
    const shown = Math.min(minutes, most);
    const rate = offer.free ? t('checkout.free') : money(offer.price);
    const stepButton = (id: string, label: string, sign: '−' | '+', off: boolean, next: number) =>
      h(
        'button',
        {
          type: 'button',
          id,
          class: 'stepper-button',
          'aria-label': label,
          disabled: disabled || off,
          onclick: () => {
            minutes = next;
            render();
          },
        },
        h('span', { 'aria-hidden': 'true' }, sign),
      );
    return h(
      'fieldset',
      { class: 'card checkout-minutes', disabled },
      h('legend', {}, t(topUp ? 'checkout.addMinutes' : 'checkout.minutes')),
      h(
        'div',
        { class: 'stepper' },
        stepButton('fewer', t('checkout.fewerMinutes', { minutes: step }), '−', shown <= step, shown - step),
        h(
          'output',
          { class: 'minutes-value', 'aria-live': 'polite', 'data-testid': 'checkout-minutes' },
          t('checkout.minutesValue', { minutes: shown }),
        ),
        stepButton('more', t('checkout.moreMinutes', { minutes: step }), '+', shown + step > most, shown + step),
      ),
      h('p', { class: 'limits' }, t('checkout.minutesRate', { price: rate, minutes: step, max: most })),
    );
  };

  const form = (current: CheckoutMachine) => {
    const offer = current.offer;
    // Nothing to buy where nothing is sold or pay by phone is not set up (the summary says why).
    if ((!offer && current.courses.length === 0) || !current.paymentSetUp) return null;
    const readiness = paymentReadiness(current);
    const topUp = readiness.canPay && readiness.topUp === true;
    const { purchase, shown } = purchaseOf(current, topUp);
    // A promotion's free cycle is started without paying: no payment method to choose.
    const free = shown?.free === true;
    const method = free ? (current.methods[0]?.gateway ?? null) : gateway;
    const leaving = payment.busy;
    const choosing = !readiness.canPay || leaving;
    const items: Item[] = offer?.way === 'product' ? offer.products : current.courses;

    const pay = async () => {
      if (!purchase || !method || leaving) return;
      payError = null;
      await payment.pay(
        `${JSON.stringify(purchase)}|${gateway}`,
        (clientRequestId) =>
          callPublic<{ redirectUrl: string }>(
            apiRoutes.checkoutOrderCreate,
            {},
            {
              body: {
                deviceId: current.device.id,
                purchase,
                gateway: method,
                clientRequestId,
                theme,
                lang: t.language,
              } satisfies CheckoutOrderCreate,
            },
          ),
        async (error) => {
          payError = { error, text: await errorText(error, t), notFree: await noLongerFree(error) };
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
      offer?.way === 'amount'
        ? amountChooser(offer, current.merchant.currency, choosing)
        : offer?.way === 'time'
          ? minutesChooser(offer, topUp, choosing)
          : choiceList({
              name: 'course',
              legend: t(offer?.way === 'product' ? 'checkout.product' : 'checkout.course'),
              value: code,
              disabled: choosing,
              onChange: (value) => {
                code = value;
                render();
              },
              choices: items.map((item) => ({ value: item.code, label: item.name, extra: withNormal(item) })),
            }),
      ...(readiness.canPay
        ? [
            free
              ? null
              : choiceList({
                  name: 'gateway',
                  legend: t('checkout.method'),
                  value: gateway,
                  disabled: leaving,
                  onChange: (value) => {
                    gateway = value as PaymentGateway;
                    render();
                  },
                  choices: current.methods.map((item) => ({
                    value: item.gateway,
                    label: gatewayDisplayName(item.gateway, t.language),
                    note: item.sandbox ? t('checkout.sandbox') : undefined,
                  })),
                }),
            h(
              'div',
              { class: 'card checkout-total', 'aria-live': 'polite' },
              h('span', {}, t('checkout.amount')),
              h('strong', { 'data-testid': 'checkout-total' }, ...(shown ? withNormal(shown) : ['—'])),
            ),
            payError
              ? h(
                  'div',
                  { class: 'note note-error', role: 'alert' },
                  h('strong', {}, t(payError.notFree ? 'checkout.payFailed.notFree' : 'checkout.payFailed.title')),
                  payError.text ? h('p', {}, payError.text) : null,
                )
              : null,
            payButton(
              Boolean(purchase && method),
              leaving,
              free
                ? t('checkout.startFree')
                : purchase && method && shown
                  ? t('checkout.pay', { amount: money(shown.price) })
                  : t(purchase ? 'checkout.chooseMethod' : 'checkout.chooseFirst'),
            ),
          ]
        : []),
    );
  };

  const render = () => {
    let content: HTMLElement | HTMLElement[];
    if (!selector) {
      content = status('warning', 'checkout.noMachine.title', 'checkout.noMachine.description');
    } else if (!machine && loading) {
      content = h('p', { class: 'loading', role: 'status' }, t('checkout.loading'));
    } else if (!machine) {
      const unknown = loadErrorUnknown;
      content = status(
        'error',
        unknown ? 'checkout.unknownMachine.title' : 'checkout.loadFailed.title',
        unknown ? 'checkout.unknownMachine.description' : 'checkout.loadFailed.description',
        retryButton('checkout.tryAgain'),
      );
    } else {
      const place = machine.place;
      const links = place ? programs.map((program) => cardTopUpLink(place.id, program, t)) : [];
      content = [summary(machine), form(machine), ...links].filter((part): part is HTMLElement => part !== null);
    }
    draw(
      machine ? `${machine.device.name} · ${t('screen.checkout')}` : t('screen.checkout'),
      t,
      switchLanguage,
      Array.isArray(content) ? content : [content],
    );
  };

  // The card top-up links come after the machine shows, and only where the place tops that card up.
  let programs: CardProgram[] = [];
  // A page that arrived with the machine draws it at once, with no loading state before it.
  if (!booted) render();
  if (!selector) return;
  await load(!booted);
  const loaded = machine as CheckoutMachine | null;
  const place = loaded?.place;
  if (place && loaded.paymentSetUp) {
    programs = await toppedUpPrograms(place.id);
    if (programs.length > 0) render();
  }
}
