import './consumer.css';
import { startCheckoutPage } from './checkout/checkout-page';
import { startResultPage } from './checkout/result-page';
import { startPlacePage } from './place/place-page';
import { startTopUpPage } from './cards/top-up-page';
import { startTopUpResultPage } from './cards/top-up-result-page';
import { loadTexts, startLanguage } from './lib/texts';
import { h } from './lib/dom';

// The consumer entry (consumer.html): the pages customers open on their phone, without the back office's
// code. `/p/<key>` is a place's live status page; `/custom/checkout` and `/fn/checkout` (the QR code on a
// machine) its checkout, and `/<variant>/checkout-result` where the gateway sends the customer back, in the colours of the app variant that opened it;
// `/custom/card-top-up` a place's member (or OK) card top-up and `/custom/card-top-up-result` its outcome.

const root = document.getElementById('consumer')!;
const path = window.location.pathname;
const place = /^\/p\/([a-z0-9]{20})\/?$/.exec(path);
const checkout = /^\/(custom|fn)\/checkout\/?$/.exec(path);
const topUp = /^\/custom\/card-top-up\/?$/.test(path);
const topUpResult = /^\/custom\/card-top-up-result\/?$/.test(path);
const result = /^\/(custom|fn|mb)\/checkout-result\/?$/.exec(path);

if (place) {
  void startPlacePage(root, place[1]!);
} else if (checkout) {
  const theme = checkout[1] as 'custom' | 'fn';
  document.documentElement.dataset.variant = theme;
  void startCheckoutPage(root, theme);
} else if (result) {
  document.documentElement.dataset.variant = result[1]!;
  void startResultPage(root);
} else if (topUp) {
  document.documentElement.dataset.variant = 'custom';
  void startTopUpPage(root);
} else if (topUpResult) {
  document.documentElement.dataset.variant = 'custom';
  void startTopUpResultPage(root);
} else {
  void loadTexts(startLanguage()).then((t) => {
    root.removeAttribute('aria-busy');
    document.title = t('notAvailableTitle');
    root.replaceChildren(h('section', { class: 'not-available' }, h('h1', {}, t('notAvailableTitle'))));
  });
}
