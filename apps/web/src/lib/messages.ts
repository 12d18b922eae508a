import { toastMs } from '@sbo/contracts/constants';
import type { ReactNode } from 'react';

export type MessageType = 'error' | 'success' | 'info';

export type MessageOptions = {
  type?: MessageType;
  /** Defaults to the translated type name (alert.error, alert.success, alert.info). */
  title?: string;
  content: ReactNode;
  /** Shows a cancel button; only then may Escape close the dialog. */
  cancel?: boolean;
};

/** What the mounted UI provides; the React side registers it (see components/ui/message-host). */
export type MessageHost = {
  showMessage: (options: MessageOptions & { type: MessageType }) => Promise<boolean>;
  notify: (kind: 'toast' | 'snackbar', type: MessageType, content: ReactNode, durationMs: number) => void;
};

type Listener = () => void;
const watch = (listeners: Set<Listener>) => (listener: Listener) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

let host: MessageHost | null = null;
// Calls made before the host is mounted run once it is. The host's code (antd's
// modal, message and notification) is only downloaded when first needed.
const pending: Array<(ready: MessageHost) => void> = [];
let hostNeeded = false;
const demandListeners = new Set<Listener>();

function withHost(run: (ready: MessageHost) => void): void {
  if (host) return run(host);
  pending.push(run);
  if (!hostNeeded) {
    hostNeeded = true;
    demandListeners.forEach((listener) => listener());
  }
}

export const subscribeToHostDemand = watch(demandListeners);
export const isHostNeeded = () => hostNeeded;

export function registerMessageHost(next: MessageHost | null): void {
  host = next;
  if (next) pending.splice(0).forEach((run) => run(next));
}

/** The modal message dialog. Resolves true on OK, false on cancel. */
export function showMessage(options: MessageOptions): Promise<boolean> {
  return new Promise((resolve) => {
    withHost((ready) => {
      ready.showMessage({ ...options, type: options.type ?? 'info' }).then(resolve, () => resolve(false));
    });
  });
}

function notifier(kind: 'toast' | 'snackbar', durationMs: number) {
  const send = (type: MessageType) => (content: ReactNode) =>
    withHost((ready) => ready.notify(kind, type, content, durationMs));
  return { info: send('info'), success: send('success'), error: send('error') };
}

/** Short confirmations: 2 seconds. */
export const toast = notifier('toast', toastMs);

let loadingCount = 0;
const loadingListeners = new Set<Listener>();
const setLoadingCount = (next: number) => {
  loadingCount = Math.max(0, next);
  loadingListeners.forEach((listener) => listener());
};

/** The global loading overlay; nested show/hide pairs keep it up until the last hide. */
export const loading = {
  show: () => setLoadingCount(loadingCount + 1),
  hide: () => setLoadingCount(loadingCount - 1),
  isVisible: () => loadingCount > 0,
  subscribe: watch(loadingListeners),
  async around<T>(work: Promise<T>): Promise<T> {
    loading.show();
    try {
      return await work;
    } finally {
      loading.hide();
    }
  },
};
