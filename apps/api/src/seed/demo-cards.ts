import { eq } from 'drizzle-orm';
import type { CardLoyaltyType, CardProgram, CardStatus } from '@sbo/contracts';
import type { Database } from '../db/client';
import { manualClock } from '../lib/clock';
import { cardEntries, cards, cardSettings } from '../db/schema';
import { createCardDesk } from '../modules/cards/service';
import { cardMachineHardware, placeIdsOf } from './demo-repository';

// The demo merchant's member cards and OK cards: settings, cards with a history of top-ups and
// charges at its machines (made through the card desk, as a machine's reader would), and the card
// numbers the simulated readers tap during the demo.

type DemoCard = {
  number: string;
  holderName: string;
  status: CardStatus;
  loyaltyType?: CardLoyaltyType;
  /** Top-ups at the counter, in minor units, oldest first. */
  topUps: number[];
  /** Charges at the program's machines, oldest first. */
  charges: number[];
  /** False for a card kept at the counter: the simulated readers never tap it, so only what staff do moves it. */
  atReaders?: false;
};

const vipCards: DemoCard[] = [
  {
    number: '880000000001',
    holderName: 'Lin Mei-hua',
    status: 'active',
    topUps: [100000, 50000],
    charges: [6000, 1000, 8000, 6000],
  },
  { number: '880000000002', holderName: 'Chen Wei', status: 'active', topUps: [50000], charges: [6000, 5000] },
  {
    number: '880000000003',
    holderName: 'Wang Hsiu-ying',
    status: 'active',
    topUps: [100000],
    charges: [9000, 1000, 1000],
  },
  {
    number: '880000000004',
    holderName: 'Huang Chih-ming',
    status: 'active',
    topUps: [30000],
    charges: [6000, 6000, 6000],
  },
  { number: '880000000005', holderName: 'Chang Ya-ting', status: 'active', topUps: [50000, 50000], charges: [8000] },
  {
    number: '880000000006',
    holderName: 'Liu Chia-hao',
    status: 'active',
    topUps: [30000],
    charges: [],
    atReaders: false,
  },
  { number: '880000000007', holderName: 'Tsai Pei-shan', status: 'inactive', topUps: [], charges: [] },
  {
    number: '880000000008',
    holderName: 'Kuo Yu-chen',
    status: 'active',
    loyaltyType: 'points',
    topUps: [],
    charges: [],
  },
  { number: '880000000009', holderName: 'Hsu Jun-jie', status: 'cancelled', topUps: [50000], charges: [6000] },
];

const okCards: DemoCard[] = [
  { number: '660000000001', holderName: 'Ho Kuan-yu', status: 'active', topUps: [100000], charges: [12000, 8000] },
  { number: '660000000002', holderName: 'Yeh Shu-fen', status: 'active', topUps: [30000], charges: [5000] },
  { number: '660000000003', holderName: 'Lai Tzu-hsuan', status: 'active', topUps: [50000], charges: [] },
  { number: '660000000004', holderName: 'Cheng Po-wei', status: 'inactive', topUps: [], charges: [] },
];

/** Which demo places (by their index in the demo merchant's places) take each program. */
export const demoCardPlaces: Record<CardProgram, number[]> = { vip: [0, 1], ok: [2, 3] };

/** The cards a simulated reader at a place of the program taps: the usable ones, and one cancelled card. */
export function demoReaderCards(placeIndex: number): string[] {
  const program = (Object.keys(demoCardPlaces) as CardProgram[]).find((p) => demoCardPlaces[p].includes(placeIndex));
  if (!program) return [];
  const list = program === 'vip' ? vipCards : okCards;
  return list
    .filter((c) => c.status !== 'inactive' && c.loyaltyType !== 'points' && c.atReaders !== false)
    .map((c) => c.number);
}

const tiers: Record<CardProgram, Array<{ amount: number; reward: number }>> = {
  vip: [
    { amount: 30000, reward: 2000 },
    { amount: 50000, reward: 5000 },
    { amount: 100000, reward: 15000 },
  ],
  ok: [
    { amount: 30000, reward: 3000 },
    { amount: 100000, reward: 15000 },
  ],
};

const rewardOf = (program: CardProgram, amount: number) =>
  tiers[program].filter((t) => t.amount <= amount).reduce((best, t) => Math.max(best, t.reward), 0);

/** Seeds the first demo merchant's cards after the demo itself is committed (the card desk runs its own transactions). */
export async function seedDemoCards(db: Database, merchantId: number, now: Date): Promise<void> {
  const placeIds = await placeIdsOf(db, merchantId);
  const hwids = await cardMachineHardware(db, merchantId);
  const day = 86_400_000;
  for (const program of ['vip', 'ok'] as const) {
    const accepting = demoCardPlaces[program].map((i) => placeIds[i]!).filter((id) => id !== undefined);
    await db.insert(cardSettings).values({
      merchantId,
      program,
      topUpTiers: tiers[program],
      pointsRule:
        program === 'vip'
          ? { enabled: true, spendPerPoint: 1000, pointValue: 100 }
          : { enabled: false, spendPerPoint: 1000, pointValue: 0 },
      placeIds: accepting,
      virtualCards: program === 'vip',
      updatedAt: new Date(now.getTime() - 40 * day),
    });
    const machines = hwids.filter((h) => accepting.includes(Number(h.place_id))).map((h) => h.hwid);
    const list = program === 'vip' ? vipCards : okCards;
    for (const [i, demo] of list.entries()) {
      const openedAt = new Date(now.getTime() - (35 - i * 3) * day);
      const [row] = await db
        .insert(cards)
        .values({
          merchantId,
          program,
          number: demo.number,
          loyaltyType: demo.loyaltyType ?? 'storedValue',
          holderName: demo.holderName,
          status: demo.status === 'cancelled' ? 'active' : demo.status,
          placeId: accepting[0] ?? null,
          createdAt: openedAt,
        })
        .returning({ id: cards.id });
      const cardId = row!.id;
      for (const [k, amount] of demo.topUps.entries()) {
        const at = new Date(openedAt.getTime() + k * 9 * day + 3_600_000);
        const common = { merchantId, cardId, sourceId: `demo:${demo.number}:${k}`, placeId: accepting[0] ?? null };
        await db.insert(cardEntries).values([
          {
            ...common,
            kind: 'topUp',
            balanceChange: amount,
            reason: 'Paid at the counter',
            actorName: 'Sunny Owner',
            createdAt: at,
          },
          ...(rewardOf(program, amount) > 0
            ? [
                {
                  ...common,
                  kind: 'topUpReward' as const,
                  balanceChange: rewardOf(program, amount),
                  reason: 'Paid at the counter',
                  actorName: 'Sunny Owner',
                  createdAt: at,
                },
              ]
            : []),
        ]);
      }
      for (const [k, amount] of demo.charges.entries()) {
        const hwid = machines[(i + k) % Math.max(1, machines.length)];
        if (!hwid) break;
        const desk = createCardDesk({
          db,
          clock: manualClock(new Date(openedAt.getTime() + (k + 1) * 4 * day + 7_200_000)),
        });
        await desk.authorize({ hwid, requestId: `demo-${demo.number}-${k}`, card: demo.number, amount });
      }
      if (demo.status === 'cancelled') {
        await db.update(cards).set({ status: 'cancelled' }).where(eq(cards.id, cardId));
      }
    }
  }
}
