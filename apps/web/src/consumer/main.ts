import './consumer.css';
import { startPlacePage } from './place/place-page';
import { loadTexts, startLanguage } from './lib/texts';
import { h } from './lib/dom';

// The consumer entry (consumer.html): the pages customers open on their phone, without the back office's
// code. `/p/<key>` is a place's live status page.

const root = document.getElementById('consumer')!;
const place = /^\/p\/([a-z0-9]{20})\/?$/.exec(window.location.pathname);

if (place) {
  void startPlacePage(root, place[1]!);
} else {
  void loadTexts(startLanguage()).then((t) => {
    root.removeAttribute('aria-busy');
    document.title = t('notAvailableTitle');
    root.replaceChildren(h('section', { class: 'not-available' }, h('h1', {}, t('notAvailableTitle'))));
  });
}
