import { randomUUID } from 'node:crypto';
import { cardSettings } from '../../src/db/schema';
import { bearer, memberOf } from './fixtures';
import { createBoundDevice, createPlace } from './devices';
import type { TestContext } from './test-app';

export const vipTiers = [
  { amount: 30000, reward: 2000 },
  { amount: 50000, reward: 5000 },
];

/**
 * A merchant (owner signed in) with a place whose machines accept both card programs, `machines`
 * bound machines there, and helpers to issue a card and load it through the api.
 */
export async function cardShop(ctx: TestContext, options: { machines?: number; pointValue?: number } = {}) {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const place = await createPlace(ctx.db, merchantId, 'Card Laundry');
  const machines = [];
  for (let i = 0; i < (options.machines ?? 1); i += 1) {
    machines.push(await createBoundDevice(ctx.db, { merchantId, placeId: place.id, name: `Washer ${i + 1}` }));
  }
  for (const program of ['vip', 'ok'] as const) {
    await ctx.db.insert(cardSettings).values({
      merchantId,
      program,
      topUpTiers: vipTiers,
      pointsRule: { enabled: true, spendPerPoint: 1000, pointValue: options.pointValue ?? 0 },
      placeIds: [place.id],
      virtualCards: true,
    });
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(owner.jwt), ...headers },
      ...(payload ? { payload } : {}),
    });
  let next = 100_000;
  /** Issues an active card and tops it up by hand with `amount` (the tier reward comes on top). */
  async function issue(amount = 0, extra: Record<string, unknown> = {}) {
    next += 1;
    const created = await call('POST', '/vip-card', {
      number: `77${merchantId}${next}`,
      holderName: 'Holder',
      ...extra,
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    const card = created.json().result as { id: number; number: string };
    if (amount > 0) {
      const loaded = await call(
        'POST',
        `/vip-card/${card.id}/top-up`,
        { amount, reason: 'test' },
        { 'idempotency-key': randomUUID() },
      );
      if (loaded.statusCode !== 200) throw new Error(loaded.body);
    }
    return card;
  }
  return { owner, merchantId, place, machines, call, issue };
}
