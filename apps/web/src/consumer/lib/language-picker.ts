import type { LanguageCode } from '@sbo/contracts/constants';
import { h } from './dom';
import { languageChoices, type Translate } from './texts';

/** The consumer pages' language menu: a native select, labelled, the current language chosen. */
export function languagePicker(t: Translate, onChoose: (language: LanguageCode) => void): HTMLElement {
  return h(
    'label',
    { class: 'language' },
    h('span', { class: 'visually-hidden' }, t('language')),
    h(
      'select',
      {
        id: 'language',
        'aria-label': t('language'),
        onchange: (event: Event) => onChoose((event.target as HTMLSelectElement).value as LanguageCode),
      },
      ...languageChoices.map((choice) =>
        h('option', { value: choice.code, selected: choice.code === t.language }, choice.title),
      ),
    ),
  );
}
