import type { EventBody } from './machine-types';

/** What a machine answers to a command: done, or refused with a catalogue code. */
export type Refusal = { ok: false; code: number; detail?: string };
export type CommandResult = { ok: true } | Refusal;

export const ok: CommandResult = { ok: true };
export const fail = (code: number, detail?: string): Refusal => ({
  ok: false,
  code,
  ...(detail ? { detail } : {}),
});

type SaleEvent = Extract<EventBody, { kind: 'sale' }>;
/** What a sale report says was sold: course, selection, minutes... */
export type SaleDetail = Omit<SaleEvent, 'kind' | 'amount' | 'payGateway' | 'orderId'>;

/** What a paid start did, and what its sale report says was sold. */
export type PaidStartResult = { ok: true; sale: SaleDetail } | { ok: false; code: number; detail?: string };
