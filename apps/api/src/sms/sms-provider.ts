/**
 * Sending a text message: the one thing the product needs from an SMS provider (docs/cards.md,
 * "Virtual cards"). The built-in sandbox (the demo only) sends nothing: it writes the message to the
 * log, so a demo or a test reads the code there. A real provider (`twilio-provider.ts`) implements
 * `send`, logs no code, and throws `SmsFailed` when it refuses; the caller answers 10008.
 */
export type SmsProvider = {
  readonly name: string;
  send(message: { phone: string; text: string; code: string }): Promise<void>;
};

export class SmsFailed extends Error {}

import type { Log } from '../lib/log';

/**
 * The sandbox provider. Numbers under +999 (no country has that code) fail, so the failure path
 * (10008) can be tried on purpose.
 */
export function sandboxSmsProvider(log: Pick<Log, 'info'>): SmsProvider {
  return {
    name: 'sandbox',
    async send({ phone, text, code }) {
      if (phone.startsWith('+999')) throw new SmsFailed('the sandbox refuses numbers under +999');
      log.info({ phone, code, text }, 'sandbox SMS');
    },
  };
}
