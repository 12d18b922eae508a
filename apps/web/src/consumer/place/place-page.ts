import type { LanguageCode } from '@sbo/contracts/constants';
import { apiRoutes } from '@sbo/contracts/api/routes';
import type { PublicMachine, PublicMachineUpdate, PublicPlace } from '@sbo/contracts/schemas/place-page';
import { ApiRefusal, callPublic, routeUrl } from '../lib/api';
import { h } from '../lib/dom';
import { languagePicker } from '../lib/language-picker';
import { loadTexts, saveLanguage, startLanguage, type Translate } from '../lib/texts';
import { askDoneAlert, pushSupported, type AskOutcome } from './done-alert';
import { machineCard, secondsLeft, timeLeft, type ShownMachine } from './machine-card';

/**
 * `/p/<key>`: a place's machines, free or not, and the minutes left, live. The answer comes once, then the
 * stream's `machine` events change one machine at a time; after a reconnection the answer is read again.
 * The minutes count down on this phone between reports.
 */
export async function startPlacePage(root: HTMLElement, key: string): Promise<void> {
  let t: Translate = await loadTexts(startLanguage());
  let place: PublicPlace | null = null;
  let unavailable = false;
  let live = false;
  const machines = new Map<number, ShownMachine>();
  const asked = new Map<number, AskOutcome>();
  const busy = new Set<number>();

  const shown = (machine: Pick<PublicMachine, 'remainingSeconds'>) =>
    machine.remainingSeconds === null ? null : Date.now() + machine.remainingSeconds * 1000;

  const render = () => {
    root.removeAttribute('aria-busy');
    if (unavailable) {
      document.title = t('notAvailableTitle');
      root.replaceChildren(
        h(
          'section',
          { class: 'not-available' },
          h('h1', {}, t('notAvailableTitle')),
          h('p', {}, t('notAvailableBody')),
        ),
      );
      return;
    }
    if (!place) {
      root.replaceChildren(h('p', { class: 'loading' }, t('loading')));
      return;
    }
    document.title = place.title;
    const list = [...machines.values()];
    const free = list.filter((machine) => machine.state === 'free').length;
    const canAsk = place.pushKey !== null && pushSupported();
    root.replaceChildren(
      h(
        'header',
        { class: 'place-head' },
        h('div', {}, h('h1', {}, place.title), h('p', { class: 'place-address' }, place.address)),
        languagePicker(t, (language) => void switchLanguage(language)),
      ),
      h(
        'p',
        { class: 'place-summary' },
        h('span', {}, t('summary', { free, total: list.length })),
        h('span', { class: live ? 'live on' : 'live', role: 'status' }, live ? t('live') : t('reconnecting')),
      ),
      list.length === 0
        ? h('p', { class: 'empty' }, t('noMachines'))
        : h(
            'ul',
            { class: 'machines' },
            ...list.map((machine) =>
              machineCard(machine, t, {
                outcome: asked.get(machine.id),
                busy: busy.has(machine.id),
                canAsk,
                onAsk: () => void ask(machine.id),
              }),
            ),
          ),
    );
  };

  const switchLanguage = async (language: LanguageCode) => {
    saveLanguage(language);
    t = await loadTexts(language);
    render();
  };

  const ask = async (deviceId: number) => {
    if (!place) return;
    busy.add(deviceId);
    render();
    asked.set(deviceId, await askDoneAlert({ key, pushKey: place.pushKey }, deviceId, t.language));
    busy.delete(deviceId);
    render();
  };

  const load = async () => {
    try {
      place = await callPublic<PublicPlace>(apiRoutes.placePage, { key });
      machines.clear();
      for (const machine of place.machines) machines.set(machine.id, { ...machine, endsAt: shown(machine) });
    } catch (error) {
      if (error instanceof ApiRefusal && (error.status === 404 || error.status === 400)) unavailable = true;
      else throw error;
    }
    render();
  };

  const update = (change: PublicMachineUpdate) => {
    const machine = machines.get(change.id);
    if (!machine) return;
    if (change.state !== 'inUse') asked.delete(change.id);
    machines.set(change.id, { ...machine, ...change, endsAt: shown(change) });
    render();
  };

  const follow = () => {
    const stream = new EventSource(routeUrl(apiRoutes.placePageStream, { key }));
    let first = true;
    stream.addEventListener('ready', () => {
      live = true;
      // A reconnection may have missed changes: read the whole answer again.
      if (!first) void load();
      first = false;
      render();
    });
    stream.addEventListener('machine', (event) => update(JSON.parse((event as MessageEvent<string>).data)));
    stream.addEventListener('error', () => {
      live = false;
      render();
      // Closed for good (the page was turned off, or the server refused): show what the answer says now.
      if (stream.readyState === EventSource.CLOSED) void load().then(() => !unavailable && follow());
    });
  };

  // Between reports the minutes count down here; only the time texts change.
  setInterval(() => {
    for (const element of root.querySelectorAll<HTMLElement>('[data-machine]')) {
      const machine = machines.get(Number(element.dataset.machine));
      const left = element.querySelector<HTMLElement>('[data-left]');
      const now = Date.now();
      const text = machine ? timeLeft(machine, now, t) : null;
      if (!left || !machine || !text) continue;
      if (left.textContent !== text) left.textContent = text;
      left.dataset.seconds = String(secondsLeft(machine, now) ?? 0);
    }
  }, 1000);

  render();
  await load();
  if (!unavailable) follow();
}
