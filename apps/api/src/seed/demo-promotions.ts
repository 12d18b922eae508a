import type { PromotionRules } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { deviceIdsByHardware } from './demo-repository';
import { promotionDevices, promotions } from '../db/schema';

// The demo merchant's promotions, one of each kind and status, so every tab of the promotion list and
// the effect screen have something to show: an early-bird happy hour that ran for four weeks (its effect
// over the demo sales history), a night happy hour that starts next week, a top-up reward and a
// spending bonus running now at the laundries where member cards are taken.

const day = 24 * 3_600_000;

type DemoPromotion = {
  name: string;
  rules: PromotionRules;
  startDays: number;
  endDays: number | null;
  hwids: string[];
};

const laundries = [
  'SUNNY-W01',
  'SUNNY-W02',
  'SUNNY-W03',
  'SUNNY-D01',
  'SUNNY-D02',
  'SUNNY-WD1',
  'SUNNY-W04',
  'SUNNY-D03',
];

const demoPromotions: DemoPromotion[] = [
  {
    name: 'Early bird wash',
    rules: {
      category: 'time_discount',
      timeDiscount: {
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        windows: [{ from: '06:00', to: '09:00' }],
        calculation: 'ceil',
        discounts: [{ course: '*', kind: 'percent', value: 20 }],
      },
    },
    startDays: -35,
    endDays: -7,
    hwids: ['SUNNY-W01', 'SUNNY-W02', 'SUNNY-W03'],
  },
  {
    name: 'Night owl dryers',
    rules: {
      category: 'time_discount',
      timeDiscount: {
        weekdays: ['fri', 'sat'],
        windows: [{ from: '22:00', to: '02:00' }],
        calculation: 'floor',
        discounts: [{ course: '*', kind: 'amount', value: 1000 }],
      },
    },
    startDays: 7,
    endDays: 37,
    hwids: ['SUNNY-D03'],
  },
  {
    name: 'Extra NT$150 on NT$1,000 top-ups',
    rules: { category: 'deposit_reward', depositRewardAmount: 100000, depositRewardFeedback: 15000 },
    startDays: -10,
    endDays: null,
    hwids: laundries,
  },
  {
    name: 'Wash and dry bonus',
    rules: {
      category: 'spending_bonus',
      spendingBonus: { minSpend: 10000, within: 'visit', periodDays: null, bonusKind: 'credit', bonusValue: 1000 },
    },
    startDays: -3,
    endDays: null,
    hwids: laundries,
  },
];

export async function seedDemoPromotions(db: Executor, merchantId: number, now: Date): Promise<void> {
  const deviceOf = await deviceIdsByHardware(db, merchantId);
  for (const demo of demoPromotions) {
    const { rules } = demo;
    const [row] = await db
      .insert(promotions)
      .values({
        merchantId,
        name: demo.name,
        category: rules.category,
        timeDiscount: rules.category === 'time_discount' ? rules.timeDiscount : null,
        spendingBonus: rules.category === 'spending_bonus' ? rules.spendingBonus : null,
        depositRewardAmount: rules.category === 'deposit_reward' ? rules.depositRewardAmount : null,
        depositRewardFeedback: rules.category === 'deposit_reward' ? rules.depositRewardFeedback : null,
        startAt: new Date(now.getTime() + demo.startDays * day),
        endAt: demo.endDays === null ? null : new Date(now.getTime() + demo.endDays * day),
        createdAt: new Date(now.getTime() + Math.min(demo.startDays, 0) * day - day),
      })
      .returning({ id: promotions.id });
    const deviceIds = demo.hwids.map((hwid) => deviceOf.get(hwid)).filter((id) => id !== undefined);
    if (deviceIds.length > 0) {
      await db
        .insert(promotionDevices)
        .values(deviceIds.map((deviceId) => ({ promotionId: row!.id, deviceId, merchantId })));
    }
  }
}
