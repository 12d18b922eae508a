import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, createPlace, enableWhitelist } from './helpers/devices';
import { cardShop } from './helpers/card-shop';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, jwt: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const day = 24 * 3600_000;
const inDays = (days: number) => new Date(ctx.clock.now().getTime() + days * day).toISOString();

const happyHour = (over: Record<string, unknown> = {}) => ({
  name: 'Morning wash',
  category: 'time_discount',
  startAt: inDays(1),
  endAt: inDays(30),
  timeDiscount: {
    weekdays: ['mon', 'tue'],
    windows: [{ from: '08:00', to: '10:00' }],
    calculation: 'round',
    discounts: [{ course: '*', kind: 'percent', value: 20 }],
  },
  ...over,
});
const topUpReward = (over: Record<string, unknown> = {}) => ({
  name: 'Top up 500, get 50',
  category: 'deposit_reward',
  startAt: inDays(1),
  endAt: null,
  depositRewardAmount: 50_000,
  depositRewardFeedback: 5_000,
  ...over,
});

/** A merchant with an owner and two places of two machines each. */
async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const [north, south] = [
    await createPlace(ctx.db, merchantId, 'North'),
    await createPlace(ctx.db, merchantId, 'South'),
  ];
  const machine = async (placeId: number, name: string) =>
    (await createBoundDevice(ctx.db, { merchantId, placeId, name })).device;
  const machines = [
    await machine(north.id, 'N1'),
    await machine(north.id, 'N2'),
    await machine(south.id, 'S1'),
    await machine(south.id, 'S2'),
  ];
  const create = async (input: object) => {
    const response = await call('POST', '/promotion', owner.jwt, input);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { id: number; status: string; name: string };
  };
  return { owner, merchantId, places: { north, south }, machines, create };
}

const auditActions = async (merchantId: number) =>
  (
    await ctx.db.execute<{ action: string }>(
      sql`select action from audit_log where merchant_id = ${merchantId} and entity like 'promotion%' order by id`,
    )
  ).rows.map((r) => r.action);

describe('POST /promotion', () => {
  it('creates a happy hour, pending until its start, and writes an audit row', async () => {
    const { owner, merchantId, create } = await shop();
    const created = await create(happyHour());
    expect(created).toMatchObject({ status: 'pending', category: 'time_discount', deviceCount: 0, currency: 'TWD' });
    const detail = await call('GET', `/promotion/${created.id}`, owner.jwt);
    expect(detail.json().result).toMatchObject({ id: created.id, name: 'Morning wash', endAt: expect.any(String) });
    expect(detail.json().result.timeDiscount.discounts).toEqual([{ course: '*', kind: 'percent', value: 20 }]);
    expect(await auditActions(merchantId)).toEqual(['promotion.create']);
  });

  it('creates a top-up reward that never ends, active when it starts now', async () => {
    const { create } = await shop();
    const created = await create(topUpReward({ startAt: ctx.clock.now().toISOString() }));
    expect(created).toMatchObject({
      status: 'active',
      endAt: null,
      depositRewardAmount: 50_000,
      depositRewardFeedback: 5_000,
    });
  });

  it('refuses an end that is not in the future with the end-date message', async () => {
    const { owner } = await shop();
    const past = await call('POST', '/promotion', owner.jwt, happyHour({ startAt: inDays(-10), endAt: inDays(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ path: 'endAt', message: 'the end date must be in the future' }]);
    const now = await call('POST', '/promotion', owner.jwt, happyHour({ startAt: inDays(-1), endAt: inDays(0) }));
    expect(now.json().details).toEqual([{ path: 'endAt', message: 'the end date must be in the future' }]);
    const beforeStart = await call(
      'POST',
      '/promotion',
      owner.jwt,
      happyHour({ startAt: inDays(10), endAt: inDays(5) }),
    );
    expect(beforeStart.json().details).toEqual([{ path: 'endAt', message: 'the end must come after the start' }]);
  });

  it('refuses rules of another category and a fixed calculation with a percentage', async () => {
    const { owner } = await shop();
    const missingRules = await call('POST', '/promotion', owner.jwt, { ...topUpReward(), category: 'spending_bonus' });
    expect(missingRules.statusCode).toBe(400);
    const fixedPercent = happyHour();
    fixedPercent.timeDiscount = { ...fixedPercent.timeDiscount, calculation: 'fixed' };
    expect((await call('POST', '/promotion', owner.jwt, fixedPercent)).statusCode).toBe(400);
  });

  it('answers 1109001 for a template that does not exist or is another merchant’s', async () => {
    const { owner } = await shop();
    const other = await shop();
    const template = (
      await call('POST', '/promotion-template', other.owner.jwt, { ...topUpReward(), name: 'Theirs' })
    ).json().result;
    for (const templateId of [template.id, 2147483000]) {
      const response = await call('POST', '/promotion', owner.jwt, topUpReward({ templateId }));
      expect(response.statusCode).toBe(478);
      expect(response.json().code).toBe(1109001);
    }
    const own = (await call('POST', '/promotion-template', owner.jwt, { ...topUpReward(), name: 'Mine' })).json()
      .result;
    const made = await call('POST', '/promotion', owner.jwt, topUpReward({ templateId: own.id }));
    expect(made.json().result.templateId).toBe(own.id);
  });
});

describe('GET /promotion/list and status by the clock', () => {
  it('moves pending -> active -> ended with the clock and counts every tab', async () => {
    const { owner, create } = await shop();
    const start = ctx.clock.now();
    const soon = await create(happyHour({ name: 'Soon', startAt: inDays(1), endAt: inDays(3) }));
    await create(topUpReward({ name: 'Later', startAt: inDays(10) }));
    const stopped = await create(topUpReward({ name: 'Stopped', startAt: inDays(0) }));
    expect((await call('POST', `/promotion/${stopped.id}/stop`, owner.jwt)).statusCode).toBe(200);

    const tabs = async () => {
      const jwt = await merchantToken(ctx, owner.user.id, owner.merchant.id);
      return (await call('GET', '/promotion/list', jwt)).json().result;
    };
    const statusOf = async (id: number) =>
      (await tabs()).items.find((p: { id: number }) => p.id === id).status as string;
    try {
      expect((await tabs()).counts).toEqual({ pending: 2, active: 0, ended: 0, disabled: 1, all: 3 });
      ctx.clock.set(new Date(start.getTime() + day + 1));
      expect(await statusOf(soon.id)).toBe('active');
      expect((await tabs()).counts).toEqual({ pending: 1, active: 1, ended: 0, disabled: 1, all: 3 });
      ctx.clock.set(new Date(start.getTime() + 3 * day));
      expect(await statusOf(soon.id)).toBe('ended');
      const jwt = await merchantToken(ctx, owner.user.id, owner.merchant.id);
      const ended = (await call('GET', '/promotion/list?status=ended', jwt)).json().result;
      expect(ended.items.map((p: { name: string }) => p.name)).toEqual(['Soon']);
      expect(ended.total).toBe(1);
      const pendingTopUps = (await call('GET', '/promotion/list?status=pending&category=deposit_reward', jwt)).json()
        .result;
      expect(pendingTopUps.items.map((p: { name: string }) => p.name)).toEqual(['Later']);
      expect(pendingTopUps.counts).toEqual({ pending: 1, active: 0, ended: 0, disabled: 1, all: 2 });
    } finally {
      ctx.clock.set(start);
    }
  });

  it('lists only the merchant’s own promotions', async () => {
    const a = await shop();
    const b = await shop();
    await a.create(happyHour({ name: 'A only' }));
    const list = (await call('GET', '/promotion/list', b.owner.jwt)).json().result;
    expect(list.items).toEqual([]);
    expect(list.counts.all).toBe(0);
  });
});

describe('PUT /promotion/:id and POST /promotion/:id/stop', () => {
  it('changes a pending promotion, but not its category', async () => {
    const { owner, merchantId, create } = await shop();
    const created = await create(happyHour());
    const changed = await call('PUT', `/promotion/${created.id}`, owner.jwt, happyHour({ name: 'Early bird' }));
    expect(changed.json().result.name).toBe('Early bird');
    const other = await call('PUT', `/promotion/${created.id}`, owner.jwt, topUpReward());
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ path: 'category', message: 'the category of a promotion cannot change' }]);
    expect(await auditActions(merchantId)).toEqual(['promotion.create', 'promotion.update']);
  });

  it('stops a promotion by hand (disabled), after which it cannot be changed or stopped again (1109005)', async () => {
    const { owner, merchantId, create } = await shop();
    const created = await create(topUpReward({ startAt: inDays(0) }));
    const stopped = await call('POST', `/promotion/${created.id}/stop`, owner.jwt);
    expect(stopped.json().result).toMatchObject({ status: 'disabled', disabledAt: ctx.clock.now().toISOString() });
    for (const response of [
      await call('POST', `/promotion/${created.id}/stop`, owner.jwt),
      await call('PUT', `/promotion/${created.id}`, owner.jwt, topUpReward()),
      await call('PUT', `/promotion/${created.id}/binding`, owner.jwt, { deviceIds: [] }),
    ]) {
      expect(response.statusCode).toBe(478);
      expect(response.json().code).toBe(1109005);
    }
    expect(await auditActions(merchantId)).toEqual(['promotion.create', 'promotion.stop']);
  });

  it('refuses to change an ended promotion (1109005)', async () => {
    const { owner, create } = await shop();
    const start = ctx.clock.now();
    const created = await create(happyHour({ startAt: inDays(0), endAt: inDays(1) }));
    try {
      ctx.clock.set(new Date(start.getTime() + 2 * day));
      const jwt = await merchantToken(ctx, owner.user.id, owner.merchant.id);
      const response = await call('PUT', `/promotion/${created.id}`, jwt, happyHour({ endAt: inDays(5) }));
      expect(response.json()).toMatchObject({ code: 1109005 });
    } finally {
      ctx.clock.set(start);
    }
  });

  it('answers 1109002 for a promotion that does not exist or is another merchant’s, and changes nothing', async () => {
    const a = await shop();
    const b = await shop();
    const theirs = await b.create(happyHour());
    for (const id of [theirs.id, 2147483000]) {
      for (const response of [
        await call('GET', `/promotion/${id}`, a.owner.jwt),
        await call('PUT', `/promotion/${id}`, a.owner.jwt, happyHour()),
        await call('POST', `/promotion/${id}/stop`, a.owner.jwt),
        await call('GET', `/promotion/${id}/binding`, a.owner.jwt),
        await call('PUT', `/promotion/${id}/binding`, a.owner.jwt, { deviceIds: [] }),
        await call('GET', `/promotion/${id}/effect`, a.owner.jwt),
      ]) {
        expect(response.statusCode).toBe(478);
        expect(response.json()).toEqual({ code: 1109002, message: 'The promotion does not exist.' });
      }
    }
    expect((await call('GET', `/promotion/${theirs.id}`, b.owner.jwt)).json().result.status).toBe('pending');
  });
});

describe('binding machines (GET/PUT /promotion/:id/binding)', () => {
  it('lists the places and machines, binds chosen machines and whole places, and deselects all', async () => {
    const { owner, merchantId, places, machines, create } = await shop();
    const promotion = await create(happyHour());
    const empty = (await call('GET', `/promotion/${promotion.id}/binding`, owner.jwt)).json().result;
    expect(empty.places.map((p: { name: string; machines: unknown[] }) => [p.name, p.machines.length])).toEqual([
      ['North', 2],
      ['South', 2],
    ]);
    expect(empty.places[0].timeZone).toBe('Asia/Taipei');

    const bound = await call('PUT', `/promotion/${promotion.id}/binding`, owner.jwt, {
      deviceIds: [machines[2]!.id],
      placeIds: [places.north.id],
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const flags = bound
      .json()
      .result.places.flatMap((p: { machines: { name: string; bound: boolean }[] }) => p.machines)
      .map((m: { name: string; bound: boolean }) => [m.name, m.bound]);
    expect(flags).toEqual([
      ['N1', true],
      ['N2', true],
      ['S1', true],
      ['S2', false],
    ]);
    expect((await call('GET', `/promotion/${promotion.id}`, owner.jwt)).json().result.deviceCount).toBe(3);

    const none = await call('PUT', `/promotion/${promotion.id}/binding`, owner.jwt, { deviceIds: [] });
    expect(
      none
        .json()
        .result.places.flatMap((p: { machines: { bound: boolean }[] }) => p.machines)
        .some((m: { bound: boolean }) => m.bound),
    ).toBe(false);
    expect(await auditActions(merchantId)).toEqual(['promotion.create', 'promotion.bind', 'promotion.bind']);
  });

  it('refuses another merchant’s machine (1104008) and binds nothing', async () => {
    const a = await shop();
    const b = await shop();
    const promotion = await a.create(happyHour());
    const response = await call('PUT', `/promotion/${promotion.id}/binding`, a.owner.jwt, {
      deviceIds: [a.machines[0]!.id, b.machines[0]!.id],
    });
    expect(response.json().code).toBe(1104008);
    expect((await call('GET', `/promotion/${promotion.id}`, a.owner.jwt)).json().result.deviceCount).toBe(0);
  });

  it('refuses a machine held by another promotion of the same category whose times overlap (1109004, named)', async () => {
    const { owner, machines, create } = await shop();
    const mornings = await create(happyHour({ name: 'Mornings', startAt: inDays(1), endAt: inDays(10) }));
    await call('PUT', `/promotion/${mornings.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] });

    const overlapping = await create(happyHour({ name: 'Evenings', startAt: inDays(5), endAt: null }));
    const refused = await call('PUT', `/promotion/${overlapping.id}/binding`, owner.jwt, {
      deviceIds: [machines[0]!.id, machines[1]!.id],
    });
    expect(refused.statusCode).toBe(478);
    expect(refused.json()).toEqual({
      code: 1109004,
      message: "The device's binding time overlaps another promotion: Mornings.",
    });
    expect((await call('GET', `/promotion/${overlapping.id}`, owner.jwt)).json().result.deviceCount).toBe(0);
    // The binding screen shows which promotion holds the machine.
    const view = (await call('GET', `/promotion/${overlapping.id}/binding`, owner.jwt)).json().result;
    const n1 = view.places[0].machines.find((m: { id: number }) => m.id === machines[0]!.id);
    expect(n1.conflict).toEqual({ promotionId: mornings.id, name: 'Mornings' });

    // Another machine, another category, or times that only touch are fine.
    expect(
      (await call('PUT', `/promotion/${overlapping.id}/binding`, owner.jwt, { deviceIds: [machines[1]!.id] }))
        .statusCode,
    ).toBe(200);
    const reward = await create(topUpReward({ startAt: inDays(1) }));
    expect(
      (await call('PUT', `/promotion/${reward.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] })).statusCode,
    ).toBe(200);
    const after = await create(happyHour({ name: 'After', startAt: inDays(10), endAt: inDays(20) }));
    expect(
      (await call('PUT', `/promotion/${after.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] })).statusCode,
    ).toBe(200);
  });

  it('counts an open end as running for ever, and frees the machine once the other is stopped', async () => {
    const { owner, machines, create } = await shop();
    const forever = await create(happyHour({ name: 'Forever', startAt: inDays(1), endAt: null }));
    await call('PUT', `/promotion/${forever.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] });
    const nextYear = await create(happyHour({ name: 'Next year', startAt: inDays(365), endAt: inDays(400) }));
    const refused = await call('PUT', `/promotion/${nextYear.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] });
    expect(refused.json()).toMatchObject({ code: 1109004, message: expect.stringContaining('Forever') });
    await call('POST', `/promotion/${forever.id}/stop`, owner.jwt);
    expect(
      (await call('PUT', `/promotion/${nextYear.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] })).statusCode,
    ).toBe(200);
  });

  it('refuses new times of a bound promotion that overlap another on one of its machines (1109004)', async () => {
    const { owner, machines, create } = await shop();
    const first = await create(happyHour({ name: 'First', startAt: inDays(1), endAt: inDays(5) }));
    const second = await create(happyHour({ name: 'Second', startAt: inDays(5), endAt: inDays(9) }));
    for (const p of [first, second])
      expect(
        (await call('PUT', `/promotion/${p.id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] })).statusCode,
      ).toBe(200);
    const stretched = await call(
      'PUT',
      `/promotion/${first.id}`,
      owner.jwt,
      happyHour({ name: 'First', startAt: inDays(1), endAt: inDays(6) }),
    );
    expect(stretched.json()).toMatchObject({ code: 1109004, message: expect.stringContaining('Second') });
  });

  it('lets a member limited to some machines bind only those, and not change a promotion on others (1109003)', async () => {
    const { owner, merchantId, machines, create } = await shop();
    const user = await createUser(ctx.db);
    const manager = await addMember(ctx.db, { merchantId, userId: user.id, role: 'manager' });
    await enableWhitelist(ctx.db, { merchantId, memberId: manager.id, deviceIds: [machines[0]!.id] }, ctx.app);
    const jwt = await merchantToken(ctx, user.id, merchantId);

    const own = (await call('POST', '/promotion', jwt, happyHour({ name: 'Limited' }))).json().result;
    const view = (await call('GET', `/promotion/${own.id}/binding`, jwt)).json().result;
    expect(view.places.flatMap((p: { machines: { id: number }[] }) => p.machines.map((m) => m.id))).toEqual([
      machines[0]!.id,
    ]);
    const outside = await call('PUT', `/promotion/${own.id}/binding`, jwt, { deviceIds: [machines[1]!.id] });
    expect(outside.json().code).toBe(1104008);
    expect((await call('PUT', `/promotion/${own.id}/binding`, jwt, { deviceIds: [machines[0]!.id] })).statusCode).toBe(
      200,
    );

    const wide = await create(happyHour({ name: 'Everywhere', startAt: inDays(40), endAt: null }));
    await call('PUT', `/promotion/${wide.id}/binding`, owner.jwt, { deviceIds: machines.map((m) => m.id) });
    for (const response of [
      await call('PUT', `/promotion/${wide.id}`, jwt, happyHour({ startAt: inDays(40), endAt: null })),
      await call('POST', `/promotion/${wide.id}/stop`, jwt),
      await call('PUT', `/promotion/${wide.id}/binding`, jwt, { deviceIds: [] }),
    ]) {
      expect(response.statusCode).toBe(478);
      expect(response.json()).toEqual({ code: 1109003, message: 'This promotion does not belong to this merchant.' });
    }
    expect((await call('GET', `/promotion/${wide.id}`, jwt)).json().result.status).toBe('pending');
  });
});

describe('promotion templates', () => {
  it('saves a template from scratch and from a promotion, lists, shows and deletes it', async () => {
    const { owner, merchantId, create } = await shop();
    const scratch = await call('POST', '/promotion-template', owner.jwt, { ...topUpReward(), name: 'Reward 10%' });
    expect(scratch.json().result).toMatchObject({
      name: 'Reward 10%',
      category: 'deposit_reward',
      depositRewardFeedback: 5000,
    });
    const promotion = await create(happyHour());
    const copied = (await call('POST', '/promotion-template', owner.jwt, { promotionId: promotion.id })).json().result;
    expect(copied).toMatchObject({ name: 'Morning wash', category: 'time_discount', depositRewardAmount: null });
    expect(copied.timeDiscount.windows).toEqual([{ from: '08:00', to: '10:00' }]);

    const list = (await call('GET', '/promotion-template/list', owner.jwt)).json().result;
    expect(list.items.map((t: { name: string }) => t.name)).toEqual(['Morning wash', 'Reward 10%']);
    expect((await call('GET', `/promotion-template/${copied.id}`, owner.jwt)).json().result.id).toBe(copied.id);
    expect((await call('DELETE', `/promotion-template/${copied.id}`, owner.jwt)).json().result).toEqual({
      deleted: true,
    });
    expect((await call('DELETE', `/promotion-template/${copied.id}`, owner.jwt)).json().code).toBe(1109001);
    expect(await auditActions(merchantId)).toEqual([
      'promotionTemplate.create',
      'promotion.create',
      'promotionTemplate.create',
      'promotionTemplate.delete',
    ]);
  });

  it('answers 1109001 for another merchant’s template and 1109002 for another merchant’s promotion', async () => {
    const a = await shop();
    const b = await shop();
    const theirTemplate = (
      await call('POST', '/promotion-template', b.owner.jwt, { ...topUpReward(), name: 'Theirs' })
    ).json().result;
    const theirPromotion = await b.create(happyHour());
    expect((await call('GET', `/promotion-template/${theirTemplate.id}`, a.owner.jwt)).json().code).toBe(1109001);
    expect((await call('DELETE', `/promotion-template/${theirTemplate.id}`, a.owner.jwt)).json().code).toBe(1109001);
    const copy = await call('POST', '/promotion-template', a.owner.jwt, { promotionId: theirPromotion.id });
    expect(copy.json().code).toBe(1109002);
    expect((await call('GET', `/promotion-template/${theirTemplate.id}`, b.owner.jwt)).statusCode).toBe(200);
  });
});

describe('who may do what', () => {
  it('lets a shareholder read promotions but not create or stop them (1104016)', async () => {
    const { merchantId, create } = await shop();
    const promotion = await create(happyHour());
    const user = await createUser(ctx.db);
    await addMember(ctx.db, { merchantId, userId: user.id, role: 'shareholder' });
    const jwt = await merchantToken(ctx, user.id, merchantId);
    expect((await call('GET', `/promotion/${promotion.id}`, jwt)).statusCode).toBe(200);
    expect((await call('GET', '/promotion/list', jwt)).statusCode).toBe(200);
    expect((await call('POST', '/promotion', jwt, happyHour())).json().code).toBe(1104016);
    expect((await call('POST', `/promotion/${promotion.id}/stop`, jwt)).json().code).toBe(1104016);
  });

  it('keeps a store manager out of promotions', async () => {
    const { merchantId } = await shop();
    const user = await createUser(ctx.db);
    await addMember(ctx.db, { merchantId, userId: user.id, role: 'storeManager' });
    const jwt = await merchantToken(ctx, user.id, merchantId);
    expect((await call('GET', '/promotion/list', jwt)).json().code).toBe(1104016);
  });
});

describe('GET /promotion/:id/effect', () => {
  it('compares the promotion’s hours with the same hours of the four weeks before it started', async () => {
    const { owner, merchantId, places, machines } = await shop();
    const start = ctx.clock.now();
    const from = new Date('2026-11-23T00:00:00+08:00'); // a Monday in Taipei
    const created = await call('POST', '/promotion', owner.jwt, {
      ...happyHour({ name: 'Monday mornings', startAt: from.toISOString(), endAt: null }),
      timeDiscount: {
        weekdays: ['mon'],
        windows: [{ from: '08:00', to: '10:00' }],
        calculation: 'round',
        discounts: [{ course: '*', kind: 'percent', value: 20 }],
      },
    });
    const id = created.json().result.id as number;
    await call('PUT', `/promotion/${id}/binding`, owner.jwt, { deviceIds: [machines[0]!.id] });
    const sale = async (
      at: string,
      total: number,
      extra: { promotion?: boolean; discount?: number; status?: number } = {},
    ) => {
      const row = await insertSale(ctx.db, {
        merchantId,
        deviceId: machines[0]!.id,
        placeId: places.north.id,
        createdAt: new Date(at),
        total,
        ...(extra.status === undefined ? {} : { status: extra.status }),
      });
      if (extra.promotion)
        await ctx.db.execute(
          sql`update transactions set promotion_id = ${id}, promotion_discount = ${extra.discount ?? 0} where id = ${row.id}`,
        );
    };
    // Four Monday mornings before it started, one sale each; one sale outside the hours; another machine's sale.
    for (const day of ['2026-11-16', '2026-11-09', '2026-11-02', '2026-10-26'])
      await sale(`${day}T09:00:00+08:00`, 6000);
    await sale('2026-11-16T12:00:00+08:00', 6000);
    await insertSale(ctx.db, {
      merchantId,
      deviceId: machines[3]!.id,
      createdAt: new Date('2026-11-23T09:00:00+08:00'),
    });
    // During: two discounted sales and a free cycle in the window, one sale outside it.
    await sale('2026-11-23T08:00:00+08:00', 4800, { promotion: true, discount: 1200 });
    await sale('2026-11-23T09:59:00+08:00', 4800, { promotion: true, discount: 1200 });
    await sale('2026-11-23T09:30:00+08:00', 0, { promotion: true, discount: 6000, status: 90 });
    await sale('2026-11-23T10:00:00+08:00', 6000);

    try {
      // Ten hours in: the same ten hours of the four Mondays before, not a tenth of a weekly average.
      ctx.clock.set(new Date(from.getTime() + 10 * 3_600_000));
      const early = (
        await call('GET', `/promotion/${id}/effect`, await merchantToken(ctx, owner.user.id, owner.merchant.id))
      ).json().result;
      expect(early.during).toMatchObject({ sales: 2, revenue: 9600, freeCycles: 1 });
      expect(early.baseline).toMatchObject({ sales: 1, revenue: 6000 });
      expect(early.upliftPercent).toBe(60);

      ctx.clock.set(new Date(from.getTime() + 7 * day)); // one week in
      const jwt = await merchantToken(ctx, owner.user.id, owner.merchant.id);
      const response = await call('GET', `/promotion/${id}/effect`, jwt);
      expect(response.statusCode, response.body).toBe(200);
      const effect = response.json().result;
      const none = { newCards: 0, returningCards: 0 };
      expect(effect.during).toEqual({ sales: 2, revenue: 9600, discount: 8400, cycles: 3, freeCycles: 1, ...none });
      expect(effect.baseline).toEqual({ sales: 1, revenue: 6000, discount: 0, cycles: 1, freeCycles: 0, ...none });
      expect(effect.upliftPercent).toBe(60);
      expect(effect.days).toHaveLength(8);
      expect(effect.days[0]).toMatchObject({
        date: '2026-11-23',
        during: { revenue: 9600 },
        baseline: { revenue: 6000 },
      });
      expect(effect.days[1]).toMatchObject({ date: '2026-11-24', during: { revenue: 0 }, baseline: { revenue: 0 } });
    } finally {
      ctx.clock.set(start);
    }
  });
});

describe('the dashboard', () => {
  it('shows the promotions running now, ending soonest first', async () => {
    const { owner, create } = await shop();
    await create(topUpReward({ name: 'Forever', startAt: inDays(0) }));
    await create(happyHour({ name: 'Ends soon', startAt: inDays(0), endAt: inDays(2) }));
    await create(happyHour({ name: 'Not yet', startAt: inDays(3), endAt: inDays(9) }));
    const overview = (await call('GET', '/dashboard/overview', owner.jwt)).json().result;
    expect(overview.activePromotions.count).toBe(2);
    expect(overview.activePromotions.items.map((p: { name: string }) => p.name)).toEqual(['Ends soon', 'Forever']);
  });
});

describe('top-up rewards on the card ledger', () => {
  it('adds a running top-up reward to the tier’s reward when the amount reaches it, at the promotion’s places', async () => {
    const shop = await cardShop(ctx);
    const elsewhere = await createPlace(ctx.db, shop.merchantId, 'Elsewhere');
    const topUp = async (cardId: number, amount: number) => {
      const response = await shop.call(
        'POST',
        `/vip-card/${cardId}/top-up`,
        { amount, reason: 'counter' },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .result.entries.map((e: { kind: string; balanceChange: number }) => [e.kind, e.balanceChange]);
    };
    const promotion = (
      await shop.call('POST', '/promotion', {
        ...topUpReward({ startAt: inDays(0) }),
        depositRewardAmount: 50_000,
        depositRewardFeedback: 3_000,
      })
    ).json().result;
    await shop.call('PUT', `/promotion/${promotion.id}/binding`, { deviceIds: [shop.machines[0]!.device.id] });

    const card = await shop.issue();
    expect(await topUp(card.id, 60_000)).toEqual([
      ['topUp', 60_000],
      ['topUpReward', 5_000 + 3_000],
    ]);
    expect(await topUp(card.id, 30_000)).toEqual([
      ['topUp', 30_000],
      ['topUpReward', 2_000],
    ]);
    // A card of a place whose machines the promotion does not cover gets the tier's reward only.
    const away = await shop.issue(0, { placeId: elsewhere.id });
    expect(await topUp(away.id, 60_000)).toEqual([
      ['topUp', 60_000],
      ['topUpReward', 5_000],
    ]);
    // Once stopped, no more.
    await shop.call('POST', `/promotion/${promotion.id}/stop`);
    expect(await topUp(card.id, 60_000)).toEqual([
      ['topUp', 60_000],
      ['topUpReward', 5_000],
    ]);
  });
});
