import type { LanguageCode } from '@sbo/contracts/constants';
import { ApiRefusal, errorCodes } from '../lib/api';
import { h } from '../lib/dom';
import { loadTexts, saveLanguage, startLanguage, type TextKey, type Translate } from '../lib/texts';
import { pageDrawer, statusPanel } from './parts';

/** Whether a failed look-up means the address names no order (nothing to try again). */
const unknownOrder = async (error: unknown) =>
  error instanceof ApiRefusal && (error.code === (await errorCodes()).DATA_NOT_FOUND || error.status === 400);

type FollowedOrder<Order extends { status: string }> = {
  /** What an order id of this kind looks like: an address with any other names no order. */
  idPattern: RegExp;
  lookUp: (orderId: string) => Promise<Order>;
  /** How long until an order in this state is asked for again, or false once it has ended. */
  nextPoll: (status: Order['status']) => number | false;
  title: TextKey;
  /** The order as it stands: how it went, its details, the way back. */
  show: (order: Order, t: Translate) => HTMLElement[];
};

/**
 * A result page the customer comes back to from the gateway (`?orderId=`): the order is asked for while the
 * texts load, then again at each turn `nextPoll` gives, until it has ended. Before it first shows: a loading
 * line, then an unknown order (nothing to try again) or a failed look-up (with Try again).
 */
export async function followOrder<Order extends { status: string }>(
  root: HTMLElement,
  page: FollowedOrder<Order>,
): Promise<void> {
  const orderId = new URLSearchParams(window.location.search).get('orderId') ?? '';
  const wellFormed = page.idPattern.test(orderId);
  // The order is asked for while the texts load: neither waits for the other.
  const lookUp = () => page.lookUp(orderId);
  let firstLookUp = wellFormed ? lookUp() : null;
  firstLookUp?.catch(() => undefined);
  let t: Translate = await loadTexts(startLanguage());
  const draw = pageDrawer(root);
  let order: Order | null = null;
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
      // Before it showed, the asking stops; the customer can try again.
      if (!order) unknown = await unknownOrder(error);
    }
    loading = false;
    render();
    const next = order ? page.nextPoll(order.status) : false;
    if (next !== false) timer = setTimeout(() => void load(), next);
  };

  const switchLanguage = async (language: LanguageCode) => {
    saveLanguage(language);
    t = await loadTexts(language);
    render();
  };

  const render = () => {
    let content: HTMLElement[];
    if (!wellFormed) {
      content = [statusPanel('warning', t('checkout.result.noOrder.title'), t('checkout.result.noOrder.description'))];
    } else if (order) {
      content = page.show(order, t);
    } else if (loading) {
      content = [h('p', { class: 'loading', role: 'status' }, t('checkout.result.loading'))];
    } else {
      content = [
        statusPanel(
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
    draw(t(page.title), t, switchLanguage, content);
  };

  render();
  if (wellFormed) await load();
}
