import type { PublicMachine } from '@sbo/contracts/schemas/place-page';
import { h } from '../lib/dom';
import type { TextKey, Translate } from '../lib/texts';
import type { AskOutcome } from './done-alert';

/** A machine as the page holds it: the answer's state, with when its cycle ends on this phone's clock. */
export type ShownMachine = PublicMachine & { endsAt: number | null };

const outcomeText: Record<AskOutcome, TextKey> = {
  waiting: 'notifyWaiting',
  unsupported: 'notifyUnsupported',
  denied: 'notifyDenied',
  ended: 'notifyEnded',
  tooMany: 'notifyTooMany',
  failed: 'notifyFailed',
};

/** Seconds left of a timed cycle on this phone's clock; null when none is timed. */
export function secondsLeft(machine: ShownMachine, now: number): number | null {
  if (machine.state !== 'inUse' || machine.endsAt === null) return null;
  return Math.max(0, Math.round((machine.endsAt - now) / 1000));
}

/** "12 min left", from the end time and now; null when no cycle is timed. */
export function timeLeft(machine: ShownMachine, now: number, t: Translate): string | null {
  const seconds = secondsLeft(machine, now);
  if (seconds === null) return null;
  return seconds < 60 ? t('underMinute') : t('minutesLeft', { n: Math.ceil(seconds / 60) });
}

/** One machine's card: name and kind, its state, the minutes left and, while a timed cycle runs, "tell me when done". */
export function machineCard(
  machine: ShownMachine,
  t: Translate,
  ask: { outcome: AskOutcome | undefined; busy: boolean; onAsk: () => void; canAsk: boolean },
): HTMLElement {
  const left = timeLeft(machine, Date.now(), t);
  const notify =
    machine.state === 'inUse' && machine.endsAt !== null && ask.canAsk
      ? ask.outcome === 'waiting'
        ? h('p', { class: 'notify-note', role: 'status' }, t('notifyWaiting'))
        : h('button', { type: 'button', class: 'notify', onclick: ask.onAsk, disabled: ask.busy }, t('notify'))
      : null;
  const problem =
    ask.outcome && ask.outcome !== 'waiting'
      ? h('p', { class: 'notify-problem', role: 'alert' }, t(outcomeText[ask.outcome]))
      : null;
  return h(
    'li',
    { class: `machine machine-${machine.state}`, 'data-machine': machine.id, 'data-state': machine.state },
    h(
      'div',
      { class: 'machine-head' },
      h('span', { class: 'machine-name' }, machine.name),
      h('span', { class: 'machine-state' }, t(machine.state)),
    ),
    h(
      'div',
      { class: 'machine-meta' },
      h('span', { class: 'machine-kind' }, t(`kind.${machine.kind}` as TextKey)),
      left
        ? h(
            'span',
            { class: 'machine-left', 'data-left': true, 'data-seconds': secondsLeft(machine, Date.now()) ?? 0 },
            left,
          )
        : null,
    ),
    notify,
    problem,
  );
}
