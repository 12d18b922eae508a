import { z } from 'zod';
import { page, pageQuery } from './pagination';
import { minor } from './common';
import { paymentGateways, transactionStatuses } from '../constants';
import { checkoutOrderReasons, checkoutOrderStatuses } from './checkout';
import { paymentProviders } from './payment-gateway';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');
const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const statusValues = Object.values(transactionStatuses) as number[];
const transactionStatus = z.coerce
  .number()
  .int()
  .refine((value) => statusValues.includes(value), 'unknown transaction status');

/** Filters shared by the records, their totals and the export; they combine. Days are read in `tz`. */
export const transactionFilter = z.object({
  from: day.optional().describe('first day, inclusive; default: 6 days before `to`'),
  to: day.optional().describe('last day, inclusive; default: today'),
  placeId: dbId.optional(),
  deviceId: dbId.optional(),
  payGateway: z.enum(paymentGateways).optional(),
  status: transactionStatus.optional(),
});
export type TransactionFilter = z.infer<typeof transactionFilter>;

const transactionSorts = ['createdAt', 'total'] as const;
export const transactionQuery = transactionFilter.extend({
  ...pageQuery.shape,
  sort: z.enum(transactionSorts).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TransactionQuery = z.infer<typeof transactionQuery>;

const exportFormats = ['csv', 'xlsx'] as const;
export const transactionExportQuery = transactionFilter.extend({
  format: z.enum(exportFormats).default('csv'),
  lang: z.string().max(16).optional().describe('language of the column titles; default en'),
});
export type TransactionExportQuery = z.infer<typeof transactionExportQuery>;

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const transactionRow = z.object({
  id: z.number().int(),
  transactionId: z.string().describe('T + local day + sequence, shown to people'),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  place: named,
  device: named,
  payGateway: z.enum(paymentGateways),
  expectPostingAt: z.string().nullable(),
  status: z.number().int(),
  currency: z.string(),
  total: minor,
  reward: minor.describe('points offset'),
  balance: minor.describe('stored value used'),
  encore: minor.describe('remote compensation'),
  refund: minor,
});
export type TransactionRow = z.infer<typeof transactionRow>;

export const transactionTotals = z.object({
  count: z.number().int(),
  total: minor,
  reward: minor,
  balance: minor,
  encore: minor,
  refund: minor,
  revenue: minor.describe('total less refunds'),
});
export type TransactionTotals = z.infer<typeof transactionTotals>;

export const transactionPage = page(transactionRow).extend({
  total: z.number().int().describe('rows matching the filters: totals.count plus notCounted'),
  totals: transactionTotals,
  notCounted: z
    .object({
      unverified: z.number().int().describe('unverified sales: listed, left out of the totals'),
      topUps: z.number().int().describe('card top-ups: listed, left out of the sales totals'),
    })
    .describe('rows listed that the totals leave out; refunded sales are counted, their refunds subtracted'),
  currency: z.string(),
});
export type TransactionPage = z.infer<typeof transactionPage>;

const orderInfo = z.object({
  selection: z.string().nullable(),
  course: z.string().nullable(),
  dryTemp: z.number().int().nullable(),
  addDry: z.number().int().nullable().describe('minutes'),
  additive: z.array(z.string()),
  dryTime: z.number().int().nullable().describe('minutes'),
});

/** The consumer checkout order behind a sale, with its steps (docs/payments.md, "Checkout orders"). */
export const transactionOrder = z.object({
  orderId: z.string(),
  status: z.enum(checkoutOrderStatuses),
  gateway: z.enum(paymentGateways),
  provider: z.enum(paymentProviders).describe('who took the payment; sandbox is the built-in test gateway'),
  history: z.array(z.object({ status: z.enum(checkoutOrderStatuses), at: z.string().describe('ISO 8601, UTC') })),
  reason: z.enum(checkoutOrderReasons).nullable(),
});
export type TransactionOrder = z.infer<typeof transactionOrder>;

export const transactionDetail = transactionRow.extend({
  orderInfo,
  machineType: z.number().int().nullable(),
  collected: minor.describe('what the gateway collected'),
  fee: minor.describe('mobile-payment fee'),
  postedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  withdrawalId: z.number().int().nullable(),
  clockOff: z
    .boolean()
    .describe("the machine's time for the sale was outside the clock tolerance: createdAt is when it was received"),
  reportedAt: z.string().nullable().describe('when the machine said the sale happened, kept when clockOff; else null'),
  order: transactionOrder.nullable().optional().describe('the checkout order of a consumer checkout sale'),
  promotion: z
    .object({ id: z.number().int(), name: z.string(), discount: minor.describe('normal price less what was charged') })
    .nullable()
    .optional()
    .describe('the promotion the sale was made under'),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;

export const statisticsGroupings = ['day', 'week', 'month', 'place', 'device', 'machineType', 'payGateway'] as const;
export type StatisticsGrouping = (typeof statisticsGroupings)[number];
export const statisticsQuery = transactionFilter.omit({ status: true }).extend({
  groupBy: z.enum(statisticsGroupings).default('day'),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const statisticsRow = z.object({
  key: z.string().describe('day/week start YYYY-MM-DD, month YYYY-MM, or the id / gateway name'),
  label: z.string().describe('place or device name; the key otherwise'),
  count: z.number().int(),
  total: minor,
  refund: minor,
  revenue: minor,
});
export type StatisticsRow = z.infer<typeof statisticsRow>;

export const revenueStatistics = z.object({
  groupBy: z.enum(statisticsGroupings),
  from: day,
  to: day,
  currency: z.string(),
  rows: z.array(statisticsRow),
  totals: z.object({ count: z.number().int(), total: minor, refund: minor, revenue: minor }),
});
export type RevenueStatistics = z.infer<typeof revenueStatistics>;
