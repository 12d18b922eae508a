import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, bigId } from './columns';
import { merchantRef } from './people-schema';
import { deviceRef, placeMention } from './device-schema';
import { sql } from 'drizzle-orm';
import type { CheckoutOrderStatus, PaymentGateway, PaymentProvider } from '@sbo/contracts';
import { promotions } from './promotion-schema';

// The consumer's checkout at a machine (docs/payments.md, "Checkout orders"): one order per paid
// start, and its history. Amounts are integer minor units of the merchant's currency.

export type CheckoutOrderReason = 'noAnswer' | 'busy' | 'fault' | 'declined' | 'gatewayError';

export const checkoutOrders = pgTable(
  'checkout_orders',
  {
    id: bigId(),
    /** The random id the consumer, the gateway and the machine know the order by. */
    publicId: text('public_id').notNull().unique(),
    merchantId: merchantRef(),
    deviceId: deviceRef(),
    placeId: placeMention(),
    courseCode: text('course_code').notNull(),
    courseName: text('course_name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The payment method's label (the gateway the sale is recorded under). */
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').$type<CheckoutOrderStatus>().notNull().default('created'),
    reason: text('reason').$type<CheckoutOrderReason>(),
    theme: text('theme').$type<'custom' | 'fn'>().notNull(),
    lang: text('lang').notNull().default('en'),
    clientRequestId: text('client_request_id').notNull(),
    redirectUrl: text('redirect_url'),
    /** The promotion whose price the order charges, and the course's normal price then. */
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    normalAmount: bigint('normal_amount', { mode: 'number' }),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    /** A repeated create from the same checkout screen answers the same order. */
    uniqueIndex('checkout_orders_client_request_key').on(t.deviceId, t.clientRequestId),
    index('checkout_orders_merchant_idx').on(t.merchantId, t.createdAt),
    check('checkout_orders_amount', sql`${t.amount} >= 0`),
  ],
);

/** Every status an order passed through, in order. */
export const checkoutOrderEvents = pgTable(
  'checkout_order_events',
  {
    id: bigId(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => checkoutOrders.id, { onDelete: 'cascade' }),
    status: text('status').$type<CheckoutOrderStatus>().notNull(),
    at: moment('at').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [index('checkout_order_events_order_idx').on(t.orderId, t.id)],
);
