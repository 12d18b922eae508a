import type { CardReaderCode } from '@sbo/contracts';
import type { DeviceEvent, DeviceKind, MachineStateReport } from '@sbo/contracts/mqtt';
import type { SimClock } from '../clock';
import type { CurrencyProfile } from '../currency';
import type { Random } from '../random';

// What a machine and the device client that carries it agree on: what a machine is set up with,
// what it reports and raises, and what it asks of its connection (the host).

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a machine raises it; the device client stamps id and times. */
export type EventBody = DistributiveOmit<DeviceEvent, 'v' | 'eventId' | 'occurredAt' | 'sentAt'>;
/** What a machine reports; the device client wraps it in the message (version, boot, sequence, time). */
export type MachineReport = MachineStateReport;
export type MachineState = Omit<MachineReport, 'remainingSeconds' | 'billAcceptor' | 'coinDispenser'>;

/** What the card reader learnt from the server about one tap (0003 when no answer came in time). */
export type CardOutcome = {
  requestId: string;
  result: CardReaderCode;
  orderId?: string;
  payGateway?: 'ESVC' | 'cash-card';
};

export type MachineHost = {
  emit(event: EventBody): void;
  /** State changed: the client coalesces calls within one tick into a single report. */
  changed(): void;
  /** An id no other boot of this device produces (order ids of gateway payments). */
  uniqueId(): string;
  /** Asks the server to charge a card; resolves with its answer, or 0003 after the time limit (then voided). */
  authorizeCard(card: string, amount: number): Promise<CardOutcome>;
  /** The machine cannot use an approval it got: the server gives the money back. */
  voidCard(requestId: string): void;
};

export type MachineSetup = {
  kind: DeviceKind;
  model: string;
  firmware: string;
  clock: SimClock;
  random: Random;
  currency: CurrencyProfile;
  /** Multiplies how often customers arrive; 0 means none come. */
  customers: number;
  /** Multiplies how often faults happen; 0 means never. */
  faults: number;
  /** Share of paid starts (`paidStart`) refused as busy (half) or left unanswered (half), 0-1. */
  paidFailureRate?: number;
  /** This machine refuses every paid start (`refuse`, busy) or never answers one (`ignore`). */
  paidStartFailure?: 'refuse' | 'ignore';
  /** A card reader, and the member cards customers tap on it. */
  cardReader?: { cards: readonly string[] };
  /** Share of sales paid by tapping a card, at machines with a card reader, 0-1. */
  cardShare?: number;
  /** Machine-time seconds before a customer empties a finished washer or dryer; default a few minutes, at random. */
  collectAfterSeconds?: number;
};
