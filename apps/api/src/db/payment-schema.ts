import { bigint, check, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { moment, createdAt, updatedAt } from './columns';
import { merchantRef, userMention } from './people-schema';
import { sql } from 'drizzle-orm';
import type { CredentialProvider } from '@sbo/contracts';

// Online payment gateways (docs/payments.md): the built-in sandbox provider's own state, and the
// merchants' credentials for real providers. Amounts are integer minor units.

/** Where a sandbox payment is at the sandbox "provider": decided by the consumer, then confirmed by the shop. */
export type SandboxPaymentState = 'pending' | 'approved' | 'declined' | 'paid' | 'refunded';

/** One payment at the built-in sandbox provider (no real money). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    merchantId: merchantRef(),
    orderId: text('order_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    lang: text('lang').notNull(),
    state: text('state').$type<SandboxPaymentState>().notNull().default('pending'),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
    confirmedAt: moment('confirmed_at'),
  },
  (t) => [
    // Like LINE Pay (1172), one payment per order id of a merchant.
    uniqueIndex('sandbox_payments_order').on(t.merchantId, t.orderId),
    check('sandbox_payments_amount', sql`${t.amount} > 0 and ${t.refunded} between 0 and ${t.amount}`),
  ],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** A merchant's credentials at a provider; the secret only as AES-256-GCM ciphertext (payments/credential-cipher.ts). */
export const merchantPaymentCredentials = pgTable(
  'merchant_payment_credentials',
  {
    merchantId: merchantRef(),
    provider: text('provider').$type<CredentialProvider>().notNull(),
    channelId: text('channel_id').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    iv: text('iv').notNull(),
    tag: text('tag').notNull(),
    updatedAt: updatedAt(),
    updatedBy: userMention('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.provider] })],
);
