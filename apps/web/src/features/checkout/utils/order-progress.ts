import type { CheckoutOrder, CheckoutOrderStatus } from '@sbo/contracts/schemas/checkout';

/** The three things a consumer waits for, in order. */
const progressSteps = ['paid', 'credited', 'started'] as const;
type ProgressStep = (typeof progressSteps)[number];
export type StepState = 'done' | 'current' | 'waiting' | 'failed';

/** How the order ended, or `waiting` while it is still on its way. */
export type OrderOutcome = 'waiting' | 'started' | 'failed' | 'cancelled' | 'refunded';

const finalStatuses: readonly CheckoutOrderStatus[] = ['started', 'failed', 'cancelled', 'refunded'];

const isFinalStatus = (status: CheckoutOrderStatus): boolean => finalStatuses.includes(status);

/** The result screen asks again every 1.5 s until the order reaches a final status. */
const orderPollMs = 1500;
export const nextPoll = (status: CheckoutOrderStatus | undefined): number | false =>
  status !== undefined && isFinalStatus(status) ? false : orderPollMs;

export type OrderProgress = {
  outcome: OrderOutcome;
  steps: { step: ProgressStep; state: StepState }[];
  /** Whether the consumer's money was taken at some point (the history names `paid`). */
  wasPaid: boolean;
};

/**
 * The order's status and history as steps: each step reached is done; while waiting, the next one is
 * current; when the order ended without starting, the first step not reached is where it failed.
 */
export function orderProgress(order: Pick<CheckoutOrder, 'status' | 'history'>): OrderProgress {
  const seen = new Set<CheckoutOrderStatus>([order.status, ...order.history.map((entry) => entry.status)]);
  const reachedIndex = progressSteps.reduce((last, step, index) => (seen.has(step) ? index : last), -1);
  const outcome: OrderOutcome =
    order.status === 'started' ? 'started' : isFinalStatus(order.status) ? (order.status as OrderOutcome) : 'waiting';
  const steps = progressSteps.map((step, index) => {
    if (outcome === 'started' || index <= reachedIndex) return { step, state: 'done' as const };
    if (index === reachedIndex + 1)
      return { step, state: outcome === 'waiting' ? ('current' as const) : ('failed' as const) };
    return { step, state: 'waiting' as const };
  });
  return { outcome, steps, wasPaid: seen.has('paid') || reachedIndex >= 0 };
}
