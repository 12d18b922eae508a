import type { LanguageCode } from '@sbo/contracts/constants';
import { h } from '../lib/dom';
import { languagePicker } from '../lib/language-picker';
import type { Translate } from '../lib/texts';

/** One choice: its label, a note under it (a sandbox method), a price beside it. */
type Choice = { value: string; label: string; extra?: (Node | string)[]; note?: string };

type ChoiceListProps = {
  name: string;
  legend: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string) => void;
  disabled?: boolean;
};

/**
 * A group of big tappable choices built on native radio buttons: arrow keys move between them, screen
 * readers announce the group, and each whole row is the touch target.
 */
export function choiceList({ name, legend, choices, value, onChange, disabled = false }: ChoiceListProps) {
  return h(
    'fieldset',
    { class: 'card choices', disabled },
    h('legend', {}, legend),
    ...choices.map((choice) =>
      h(
        'label',
        { class: choice.value === value ? 'choice is-chosen' : 'choice' },
        h('input', {
          type: 'radio',
          id: `${name}-${choice.value}`,
          name,
          value: choice.value,
          checked: choice.value === value,
          onchange: () => onChange(choice.value),
        }),
        h(
          'span',
          { class: 'choice-text' },
          h('span', { class: 'choice-label' }, choice.label),
          choice.note ? h('span', { class: 'choice-note' }, choice.note) : null,
        ),
        choice.extra ? h('span', { class: 'choice-extra' }, ...choice.extra) : null,
      ),
    ),
  );
}

/** A panel that says how things stand: a heading, a line under it, an action if any; `live` reads it out. */
export const statusPanel = (kind: string, title: string, body: string, action?: HTMLElement | null, live = false) =>
  h(
    'section',
    { class: `status-panel status-${kind}`, ...(live ? { role: 'status' } : {}) },
    h('h1', {}, title),
    h('p', {}, body),
    action ?? null,
  );

/** The form's large submit button: off until everything is chosen, busy while the order is on its way. */
export function payButton(ready: boolean, busy: boolean, label: string) {
  return h(
    'button',
    {
      type: 'submit',
      id: 'pay',
      class: 'button button-primary pay',
      disabled: !ready || busy,
      'aria-busy': busy ? 'true' : undefined,
    },
    busy ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
    label,
  );
}

/**
 * The Pay button's way to the gateway's page. One request id per intended payment (`choice`): a double tap or
 * a retry sends the same, so the api makes one order. `refused` keeps why the order was not made, for the redraw.
 */
export function gatewayPayment(redraw: () => void) {
  const requestIds = new Map<string, string>();
  const payment = {
    /** From the tap until the browser has left for the gateway's page, or the order was refused. */
    busy: false,
    async pay(
      choice: string,
      makeOrder: (clientRequestId: string) => Promise<{ redirectUrl: string }>,
      refused: (error: unknown) => Promise<void>,
    ): Promise<void> {
      let clientRequestId = requestIds.get(choice);
      if (!clientRequestId) {
        clientRequestId = crypto.randomUUID();
        requestIds.set(choice, clientRequestId);
      }
      payment.busy = true;
      redraw();
      try {
        const { redirectUrl } = await makeOrder(clientRequestId);
        // The browser is on its way to the gateway: the button stays busy until it leaves.
        redraw();
        window.location.assign(redirectUrl);
      } catch (error) {
        payment.busy = false;
        await refused(error);
        redraw();
      }
    },
  };
  return payment;
}

/**
 * Runs a redraw of `root` and gives the focus back to the element with the same id (the typed amount keeps
 * its caret), so a page drawn anew on each change stays usable from the keyboard.
 */
function focusKeeper(root: HTMLElement) {
  return (redraw: () => void) => {
    const active = document.activeElement;
    const id = active instanceof HTMLElement && root.contains(active) ? active.id : '';
    const caret = active instanceof HTMLInputElement && active.type === 'text' ? active.selectionStart : null;
    redraw();
    if (!id) return;
    const again = document.getElementById(id);
    if (!again) return;
    again.focus();
    if (again instanceof HTMLInputElement && caret !== null) again.setSelectionRange(caret, caret);
  };
}

/**
 * Draws a consumer page anew into `root`: its title, the bar with the language picker, then `content`. The
 * focus stays where it was (focusKeeper) and the page stops saying it is busy.
 */
export function pageDrawer(root: HTMLElement) {
  const keepFocus = focusKeeper(root);
  return (
    title: string,
    t: Translate,
    switchLanguage: (language: LanguageCode) => Promise<void>,
    content: HTMLElement[],
  ) => {
    const bar = h(
      'header',
      { class: 'checkout-bar' },
      languagePicker(t, (language) => void switchLanguage(language)),
    );
    document.title = title;
    keepFocus(() => {
      root.removeAttribute('aria-busy');
      root.replaceChildren(bar, ...content);
    });
  };
}
