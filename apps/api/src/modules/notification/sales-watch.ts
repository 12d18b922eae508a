import type pg from 'pg';
import type { Clock } from '../../lib/clock';
import { cardFailureQueue, createQueueRunner } from '../../lib/job-queue';
import { raiseNotification } from './raise';

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/** The catalogue's "Card settlement failed." (spec section 8, 1001-1003). */
const cardSettlementFailed = 1001;

/** Reasons a paid checkout order is given back because its machine did not start. */
const notStarted = ['noAnswer', 'busy', 'fault', 'declined'];

/**
 * Money events (migration 0021 queues one job each): a checkout payment refunded because the machine
 * did not start, and a sale a machine reported that no payment confirms (status 97).
 */
export function startSalesWatch(deps: { pool: pg.Pool; clock: Clock; log?: Log }) {
  const { pool, clock } = deps;

  const onRefund = async (job: { payload: { orderId: number } }) => {
    const order = (
      await pool.query<{
        public_id: string;
        merchant_id: number;
        device_id: number;
        place_id: number | null;
        amount: string;
        currency: string;
        gateway: string;
        course_name: string;
        reason: string | null;
        updated_at: Date;
        sale_id: string | null;
      }>(
        `select o.public_id, o.merchant_id, o.device_id, o.place_id, o.amount, o.currency, o.gateway, o.course_name,
                o.reason, o.updated_at,
                (select t.id from transactions t where t.merchant_id = o.merchant_id and t.pay_gateway = o.gateway
                    and t.order_id = o.public_id limit 1) as sale_id
           from checkout_orders o where o.id = $1 and o.status = 'refunded'`,
        [job.payload.orderId],
      )
    ).rows[0];
    if (!order || !notStarted.includes(order.reason ?? '')) return;
    await raiseNotification(
      pool,
      {
        merchantId: order.merchant_id,
        deviceId: order.device_id,
        placeId: order.place_id,
        kind: 'paymentRefunded',
        params: {
          amount: Number(order.amount),
          currency: order.currency,
          gateway: order.gateway,
          course: order.course_name,
          reason: order.reason,
          saleId: order.sale_id === null ? null : Number(order.sale_id),
        },
        dedupeKey: `refund:${order.public_id}`,
        occurredAt: order.updated_at,
      },
      clock.now(),
    );
  };

  const onUnverified = async (job: { payload: { saleId: number } }) => {
    const sale = (
      await pool.query<{
        merchant_id: number;
        device_id: number | null;
        place_id: number | null;
        total: string;
        pay_gateway: string;
        created_at: Date;
      }>(
        `select merchant_id, device_id, place_id, total, pay_gateway, created_at from transactions where id = $1 and status = 97`,
        [job.payload.saleId],
      )
    ).rows[0];
    if (!sale) return;
    await raiseNotification(
      pool,
      {
        merchantId: sale.merchant_id,
        deviceId: sale.device_id,
        placeId: sale.place_id,
        kind: 'unverifiedPayment',
        params: { amount: Number(sale.total), gateway: sale.pay_gateway, saleId: job.payload.saleId },
        // At most one per machine and hour: a machine that keeps reporting unconfirmed sales is one alert
        // an hour (the first sale linked), not one a sale; the records list them all.
        dedupeKey: `unverified:${sale.device_id ?? 0}:${Math.floor(sale.created_at.getTime() / 3_600_000)}`,
        occurredAt: sale.created_at,
      },
      clock.now(),
    );
  };

  // A card charge the desk could not settle (1001): the machine answered its customer "processing error".
  const onCardFailure = async (job: { payload: { hwid: string; requestId: string; kind: string; at: string } }) => {
    const device = (
      await pool.query<{ id: number; merchant_id: number; place_id: number | null }>(
        `select d.id, d.merchant_id, d.place_id from device_hardware h join devices d on d.id = h.device_id where h.hwid = $1`,
        [job.payload.hwid],
      )
    ).rows[0];
    if (!device) return;
    await raiseNotification(
      pool,
      {
        merchantId: device.merchant_id,
        deviceId: device.id,
        placeId: device.place_id,
        kind: 'settlementFailed',
        code: cardSettlementFailed,
        params: { code: cardSettlementFailed, request: job.payload.kind },
        dedupeKey: `card:${job.payload.hwid}:${job.payload.requestId}`,
        occurredAt: new Date(job.payload.at),
      },
      clock.now(),
    );
  };

  const runners = [
    createQueueRunner({ pool, clock, queue: cardFailureQueue, handle: onCardFailure, log: deps.log }),
    createQueueRunner({ pool, clock, queue: 'notify.order', handle: onRefund, log: deps.log }),
    createQueueRunner({ pool, clock, queue: 'notify.sale', handle: onUnverified, log: deps.log }),
  ];
  return {
    async runDue() {
      let ran = 0;
      for (const runner of runners) ran += await runner.runDue();
      return ran;
    },
    start(seconds: number) {
      for (const runner of runners) runner.start(seconds);
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
