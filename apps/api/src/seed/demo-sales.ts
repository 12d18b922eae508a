import { machineTypes, type PaymentGateway } from '@sbo/contracts';
import { initialTransactionStatus, mobilePaymentFee, settlementRules } from '@sbo/contracts/settlement';
import type { Executor } from '../db/client';
import { sellingMachines } from './demo-repository';
import { transactions } from '../db/schema';
import { addDays, dayIn, startOfDay } from '../lib/time-zone';

/** Small seeded generator: the same demo history on every fresh database. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(weighted: readonly (readonly [T, number])[]): T => {
      const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of weighted) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return weighted[weighted.length - 1]![0];
    },
  };
}

/** How often each gateway is used in a country, among those a place accepts (its payment options). */
const gatewaysByCountry: Record<string, readonly (readonly [PaymentGateway, number])[]> = {
  TW: [
    ['offline', 52],
    ['LinePay', 16],
    ['JkoPay', 10],
    ['TWQR', 6],
    ['icash Pay', 5],
    ['ApplePay', 6],
    ['EDC', 5],
  ],
  MY: [
    ['offline', 45],
    ['TouchNGo', 25],
    ['GrabPay', 15],
    ['DuitNow', 10],
    ['EDC', 5],
  ],
};

/** The country's mix narrowed to what a place accepts; a place that accepts none of it takes coins. */
function mixAt(mix: readonly (readonly [PaymentGateway, number])[], accepted: readonly PaymentGateway[]) {
  const narrowed = mix.filter(([gateway]) => accepted.includes(gateway));
  return narrowed.length > 0 ? narrowed : ([['offline', 1]] as const);
}

/** Prices per machine type, in the currency's minor units (TWD and MYR both have two decimals). */
const pricesByType: Record<number, readonly number[]> = {
  [machineTypes.WashOnly]: [5000, 6000, 6000, 8000, 9000],
  [machineTypes.DryOnly]: [2000, 3000, 4000, 5000],
  [machineTypes.Laundry]: [9000, 11000, 13000],
  [machineTypes.CarWashing]: [10000, 15000, 20000, 30000],
  [machineTypes.Water]: [1000, 2000, 3000],
  [machineTypes.VendingMachine]: [2500, 3000, 4500, 6000],
};

/**
 * Ninety days of past sales for a demo merchant's bound machines, so the records, statistics,
 * dashboard and wallet have a history on the first start; sales already past their posting time
 * are withdrawable. Each sale is paid with a gateway its place accepts (the place's payment options,
 * seeded first), so the payment screen and the records tell one story. The simulated fleet adds
 * live sales on top.
 */
export async function seedDemoSales(
  tx: Executor,
  merchant: { id: number; timezone: string; currency: string; country: string },
  now: Date,
  days = 90,
): Promise<number> {
  const machines = await sellingMachines(tx, merchant.id);
  const random = generator(merchant.id * 7919);
  const countryMix = gatewaysByCountry[merchant.country] ?? gatewaysByCountry.TW!;
  const today = dayIn(now, merchant.timezone);
  const rows: (typeof transactions.$inferInsert)[] = [];
  for (let back = days; back >= 1; back -= 1) {
    const dayStart = startOfDay(addDays(today, -back), merchant.timezone).getTime();
    const weekend = [0, 6].includes(new Date(dayStart + 12 * 3_600_000).getUTCDay());
    for (const machine of machines) {
      const prices = pricesByType[machine.machineType];
      if (!prices) continue;
      const gateways = mixAt(countryMix, machine.gateways ?? []);
      const sales = random.int(2, weekend ? 11 : 7);
      for (let i = 0; i < sales; i += 1) {
        const createdAt = new Date(dayStart + random.int(7 * 3600, 23 * 3600 - 1) * 1000);
        const payGateway = random.pick(gateways);
        const total = prices[random.int(0, prices.length - 1)]!;
        const rule = settlementRules[payGateway];
        const expectPostingAt =
          rule.kind === 'platform' ? new Date(createdAt.getTime() + rule.postingDays * 86_400_000) : null;
        const posted = expectPostingAt !== null && expectPostingAt <= now;
        const refunded = random.next() < 0.004;
        rows.push({
          merchantId: merchant.id,
          deviceId: machine.id,
          placeId: machine.placeId,
          machineType: machine.machineType,
          payGateway,
          // History stands for payments the gateways confirmed at the time, so it is verified.
          status: refunded ? 98 : posted ? 2 : initialTransactionStatus(payGateway, true),
          currency: merchant.currency,
          total,
          refund: refunded ? total : 0,
          collected: total,
          fee: mobilePaymentFee(payGateway, total),
          createdAt,
          expectPostingAt,
          postedAt: posted && !refunded ? expectPostingAt : null,
          refundedAt: refunded ? createdAt : null,
          orderInfo: {},
        });
      }
    }
  }
  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(transactions).values(rows.slice(start, start + 1000));
  }
  return rows.length;
}
