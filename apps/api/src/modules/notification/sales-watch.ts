import { cardFailureQueue, createQueueRunner } from '../../lib/job-queue';
import { codeOfFailedCardRequest, type FailedCardRequest } from '../cards/service';
import { raiseNotification } from './raise';
import { queueRunnerGroup, type WatchDeps } from './runner-group';
import { deviceOfHardware, findRefundedOrder, findUnverifiedSale } from './watch-repository';

/** Reasons a paid checkout order is given back because its machine did not start. */
const notStarted = ['noAnswer', 'busy', 'fault', 'declined'];

/**
 * Money events (migration 0021 queues one job each): a checkout payment refunded because the machine
 * did not start, and a sale a machine reported that no payment confirms (unverified).
 */
export function startSalesWatch(deps: WatchDeps) {
  const { pool, db, clock } = deps;

  const onRefund = async (job: { payload: { orderId: number } }) => {
    const order = await findRefundedOrder(db, job.payload.orderId);
    if (!order || !notStarted.includes(order.reason ?? '')) return;
    await raiseNotification(
      db,
      {
        merchantId: order.merchant_id,
        deviceId: order.device_id,
        placeId: order.place_id,
        kind: 'paymentRefunded',
        params: {
          amount: order.amount,
          currency: order.currency,
          gateway: order.gateway,
          course: order.course_name,
          reason: order.reason,
          saleId: order.sale_id,
        },
        dedupeKey: `refund:${order.public_id}`,
        occurredAt: order.updated_at,
      },
      clock.now(),
    );
  };

  const onUnverified = async (job: { payload: { saleId: number } }) => {
    const sale = await findUnverifiedSale(db, job.payload.saleId);
    if (!sale) return;
    await raiseNotification(
      db,
      {
        merchantId: sale.merchant_id,
        deviceId: sale.device_id,
        placeId: sale.place_id,
        kind: 'unverifiedPayment',
        params: { amount: sale.total, gateway: sale.pay_gateway, saleId: job.payload.saleId },
        // At most one per machine and hour: a machine that keeps reporting unconfirmed sales is one alert
        // an hour (the first sale linked), not one a sale; the records list them all.
        dedupeKey: `unverified:${sale.device_id ?? 0}:${Math.floor(sale.created_at.getTime() / 3_600_000)}`,
        occurredAt: sale.created_at,
      },
      clock.now(),
    );
  };

  // A card charge the desk could not settle: the machine answered its customer "processing error". The
  // catalogue's 1001 (card), 1002 (e-voucher: points) or 1003 (both), by what the charge draws.
  const onCardFailure = async (job: { payload: FailedCardRequest & { at: string } }) => {
    const device = await deviceOfHardware(db, job.payload.hwid);
    if (!device) return;
    const code = await codeOfFailedCardRequest(db, job.payload);
    await raiseNotification(
      db,
      {
        merchantId: device.merchant_id,
        deviceId: device.id,
        placeId: device.place_id,
        kind: 'settlementFailed',
        code,
        params: { code, request: job.payload.kind },
        dedupeKey: `card:${job.payload.hwid}:${job.payload.requestId}`,
        occurredAt: new Date(job.payload.at),
      },
      clock.now(),
    );
  };

  return queueRunnerGroup([
    createQueueRunner({ pool, clock, queue: cardFailureQueue, handle: onCardFailure, log: deps.log }),
    createQueueRunner({ pool, clock, queue: 'notify.order', handle: onRefund, log: deps.log }),
    createQueueRunner({ pool, clock, queue: 'notify.sale', handle: onUnverified, log: deps.log }),
  ]);
}
