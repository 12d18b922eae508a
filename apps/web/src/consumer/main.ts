import './consumer.css';
import { startCheckoutPage } from './checkout/checkout-page';
import { startPlacePage } from './place/place-page';
import { loadTexts, startLanguage } from './lib/texts';
import { h } from './lib/dom';

// The consumer entry (consumer.html): the pages customers open on their phone, without the back office's
// code. `/p/<key>` is a place's live status page; `/custom/checkout` and `/fn/checkout` (the QR code on a
// machine) its checkout, in the colours of the app variant that opened it.

const root = document.getElementById('consumer')!;
const path = window.location.pathname;
const place = /^\/p\/([a-z0-9]{20})\/?$/.exec(path);
const checkout = /^\/(custom|fn)\/checkout\/?$/.exec(path);

if (place) {
  void startPlacePage(root, place[1]!);
} else if (checkout) {
  const theme = checkout[1] as 'custom' | 'fn';
  document.documentElement.dataset.variant = theme;
  void startCheckoutPage(root, theme);
} else {
  void loadTexts(startLanguage()).then((t) => {
    root.removeAttribute('aria-busy');
    document.title = t('notAvailableTitle');
    root.replaceChildren(h('section', { class: 'not-available' }, h('h1', {}, t('notAvailableTitle'))));
  });
}
