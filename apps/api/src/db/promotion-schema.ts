import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { moment, createdAt, updatedAt } from './columns';
import { merchantRef, userMention } from './people-schema';
import { deviceRef, devices } from './device-schema';
import { sql } from 'drizzle-orm';
import type { SpendingBonusRules, TimeDiscountRulesInput } from '@sbo/contracts';

// Promotions (docs/promotions.md): happy hours (time_discount), spending bonuses and top-up rewards.
// Status is not stored: it follows the clock from start_at / end_at, and disabled_at once stopped by hand.

const categoryCheck = (column: string) => sql.raw(`${column} in ('time_discount', 'spending_bonus', 'deposit_reward')`);

/** The rules of each category, one set filled per row (the others null). */
const rules = () => ({
  category: text('category').$type<'time_discount' | 'spending_bonus' | 'deposit_reward'>().notNull(),
  timeDiscount: jsonb('time_discount').$type<TimeDiscountRulesInput>(),
  spendingBonus: jsonb('spending_bonus').$type<SpendingBonusRules>(),
  depositRewardAmount: bigint('deposit_reward_amount', { mode: 'number' }),
  depositRewardFeedback: bigint('deposit_reward_feedback', { mode: 'number' }),
});

export const promotionTemplates = pgTable(
  'promotion_templates',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    name: text('name').notNull(),
    ...rules(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotion_templates_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    check('promotion_templates_category', categoryCheck('category')),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    name: text('name').notNull(),
    ...rules(),
    startAt: moment('start_at').notNull(),
    /** Null: never ends; the merchant stops it by hand. */
    endAt: moment('end_at'),
    disabledAt: moment('disabled_at'),
    disabledBy: userMention('disabled_by'),
    templateId: integer('template_id').references(() => promotionTemplates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    check('promotions_category', categoryCheck('category')),
    check('promotions_end_after_start', sql`${t.endAt} is null or ${t.endAt} > ${t.startAt}`),
  ],
);

/** A machine bound to a promotion. */
export const promotionDevices = pgTable(
  'promotion_devices',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    merchantId: merchantRef(),
    boundAt: moment('bound_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.deviceId] }), index('promotion_devices_device_idx').on(t.deviceId)],
);

/**
 * The prices version last applied to a machine by the promotion scheduler or the reconnect sync
 * (`tpl-…` normal, `tpl-…-p{promotion}` discounted): prices are sent again only when it changes.
 */
export const devicePricesSent = pgTable('device_prices_sent', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  sentAt: moment('sent_at').notNull(),
});
