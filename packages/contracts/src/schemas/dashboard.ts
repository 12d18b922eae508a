import { z } from 'zod';
import { promotionCategories } from '../constants';
import { minor } from './common';
import { transactionRow } from './transaction';

const period = z.object({ count: z.number().int(), total: minor, revenue: minor });

export const dashboardOverview = z.object({
  currency: z.string(),
  today: z.string().describe('YYYY-MM-DD in `tz` (else the merchant zone)'),
  /** Null when the member may not read revenue (the transaction permission). */
  sales: z
    .object({
      today: period,
      yesterday: period,
      thisMonth: period,
      lastMonth: period,
      yesterdaySoFar: period.describe('yesterday up to the time of day it is now: what today compares with'),
      lastMonthSoFar: period.describe(
        'last month up to the same day and time (all of it when it has no such day): what this month compares with',
      ),
    })
    .nullable(),
  machines: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    inUse: z.number().int(),
    faulted: z.number().int(),
    byType: z.array(
      z.object({
        machineType: z.number().int(),
        total: z.number().int(),
        online: z.number().int(),
        inUse: z.number().int(),
      }),
    ),
  }),
  recentTransactions: z.array(transactionRow).nullable(),
  /** Null when the member may not read revenue. */
  unverifiedSales: z
    .object({
      from: z.string().describe('YYYY-MM-DD: the first of the days counted (the last 30 and today)'),
      count: z.number().int(),
      total: minor.describe('what the machines reported; not revenue, never in the wallet'),
    })
    .nullable()
    .describe('platform-gateway sales no confirmed payment matches yet (status 97): counted apart from revenue'),
  /** Null when the member may not read promotions. */
  activePromotions: z
    .object({
      count: z.number().int(),
      items: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          category: z.enum(promotionCategories),
          endAt: z.string().nullable(),
          deviceCount: z.number().int(),
        }),
      ),
    })
    .nullable()
    .optional()
    .describe('promotions running now, the five ending soonest first'),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;
