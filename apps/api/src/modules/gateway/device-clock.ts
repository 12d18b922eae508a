// A machine's clock is a claim (docs/money.md, "When a sale happened"). The server's receive time
// decides; a time the machine reports is taken only within the tolerance of it, so a machine with a
// wrong clock (or a sale that arrives days late) never lands on a day already closed and reported.

/** What DEVICE_CLOCK_TOLERANCE_SECONDS defaults to. */
export const defaultClockToleranceMs = 600_000;

/** When the gateway received a message, by its clock, and how far a device's times may be from it. */
export type Receipt = { at: number; toleranceMs: number };

const within = (time: number, receipt: Receipt) => Math.abs(time - receipt.at) <= receipt.toleranceMs;

/**
 * When an event is recorded: when the device says it happened if that and its `sentAt` are both
 * within the tolerance of the receive time; else the receive time, flagged `clockOff`.
 */
export function eventTime(event: { occurredAt: number; sentAt: number }, receipt: Receipt) {
  const clockOff = !within(event.sentAt, receipt) || !within(event.occurredAt, receipt);
  return { at: clockOff ? receipt.at : event.occurredAt, clockOff };
}

/** When a state report is taken to be from: its `sentAt` within the tolerance, else the receive time. */
export const reportTime = (sentAt: number, receipt: Receipt) => (within(sentAt, receipt) ? sentAt : receipt.at);
