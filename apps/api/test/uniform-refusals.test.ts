import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandBatches, withdrawals } from '../src/db/schema';
import { raiseNotification } from '../src/modules/notification/raise';
import { addMember, bearer, createUser, memberOf } from './helpers/fixtures';
import { createBoundDevice, createPlace } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

/**
 * An id that is not the caller's answers exactly like an id that does not exist: for every
 * merchant operation of the OpenAPI document with an id in its path, merchant A calls it with
 * merchant B's id and with a missing one, and the two answers (status and body) are the same.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const missing = 2147483000;

/** One resource of each kind that has an id in a path, for one merchant. */
async function merchantWithEverything() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const call = (method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.jwt), ...(payload ? { payload } : {}) });
  const place = await createPlace(ctx.db, merchantId);
  const { device } = await createBoundDevice(ctx.db, { merchantId, placeId: place.id });
  const product = (await call('POST', '/product', { name: 'Wash', type: 'list', price: 6000, spentTime: 30 })).json()
    .result;
  const staff = await addMember(ctx.db, { merchantId, userId: (await createUser(ctx.db)).id, role: 'storeManager' });
  const bankAccount = (await call('POST', '/bankbook', bankAccountInput)).json().result;
  const trip = (await call('POST', '/cashbox/trip', { deviceIds: [device.id] })).json().result;
  const card = (await call('POST', '/vip-card', { number: `5${merchantId}`.padEnd(10, '0') })).json().result;
  const promotion = (await call('POST', '/promotion', happyHour)).json().result;
  const promotionTemplate = (await call('POST', '/promotion-template', { promotionId: promotion.id })).json().result;
  const sale = await insertSale(ctx.db, { merchantId, deviceId: device.id, createdAt: new Date('2026-11-20') });
  const [withdrawal] = await ctx.db
    .insert(withdrawals)
    .values({
      merchantId,
      bankAccountId: bankAccount.id,
      idempotencyKey: randomUUID(),
      currency: 'TWD',
      transactionCount: 0,
      settlementAmount: 0,
      totalFee: 0,
      withdrawFee: 0,
      totalAmount: 0,
      provider: 'sandbox',
    })
    .returning({ id: withdrawals.id });
  const [batch] = await ctx.db
    .insert(commandBatches)
    .values({ id: randomUUID(), merchantId, action: 'rebootTablet', params: {}, targets: [], skipped: [] })
    .returning({ id: commandBatches.id });
  const notification = await raiseNotification(
    ctx.db,
    { merchantId, deviceId: device.id, kind: 'deviceError', dedupeKey: 'fault', occurredAt: new Date() },
    new Date(),
  );
  const ids = {
    commandBatch: batch!.id,
    notification: notification!,
    place: place.id,
    device: device.id,
    product: product.id as number,
    member: staff.id,
    bankAccount: bankAccount.id as number,
    trip: trip.id as number,
    transaction: sale.id as number,
    withdrawal: withdrawal!.id,
    card: card.id as number,
    promotion: promotion.id as number,
    promotionTemplate: promotionTemplate.id as number,
  };
  return { owner, ids };
}
type Kind = keyof Awaited<ReturnType<typeof merchantWithEverything>>['ids'];

const bankAccountInput = {
  bankCode: '812',
  bankName: 'Taishin Bank',
  branch: 'Neihu',
  accountNumber: '20680100012345',
  holder: 'Sunny Laundry Co.',
  holderIdNumber: 'A123456789',
};

const happyHour = {
  name: 'Morning wash',
  category: 'time_discount',
  startAt: '2026-12-01T00:00:00Z',
  endAt: null,
  timeDiscount: {
    weekdays: ['mon'],
    windows: [{ from: '08:00', to: '10:00' }],
    calculation: 'round',
    discounts: [{ course: '*', kind: 'percent', value: 20 }],
  },
};

/** What a path parameter names, by where it stands: a new kind of id must be added here. */
const kindOf: Array<[RegExp, string, Kind]> = [
  [/^\/member\//, 'memberID', 'member'],
  [/^\/place\//, 'id', 'place'],
  [/^\/device-commands\//, 'batchId', 'commandBatch'],
  [/^\/payment\/options\//, 'placeId', 'place'],
  [/^\/product\//, 'id', 'product'],
  [/^\/(admin\/)?device-cloud\//, 'id', 'device'],
  [/^\/admin\/ab\//, 'id', 'device'],
  [/^\/transaction\//, 'id', 'transaction'],
  [/^\/wallet\/withdraw-record\//, 'id', 'withdrawal'],
  [/^\/bankbook\//, 'id', 'bankAccount'],
  [/^\/cashbox\/trip\//, 'id', 'trip'],
  [/^\/cashbox\/trip\//, 'deviceId', 'device'],
  [/^\/vip-card\//, 'id', 'card'],
  [/^\/promotion-template\//, 'id', 'promotionTemplate'],
  [/^\/promotion\//, 'id', 'promotion'],
  [/^\/notification\//, 'id', 'notification'],
];

/** A body each operation accepts, so that the answer is about the id, not the input. */
const bodies: Record<string, object> = {
  placePublicPageUpdate: { enabled: true },
  placeUpdate: {
    title: 'Mine now',
    address: 'No. 2, Test Road',
    type: 3,
    servicePhone: '',
    description: '',
    businessHours: {
      enabled: false,
      timezone: 'Asia/Taipei',
      hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    },
  },
  deviceUpdate: { name: 'Mine now' },
  deviceRemote: { action: 'insertCoin', params: { amount: 10 } },
  coinDispenserRefill: { remainingAmount: 100 },
  coinDispenserCapacity: { totalAmount: 1000 },
  deviceTestMode: { testTime: 60 },
  abConfigUpdate: { config: { price: 10 } },
  deviceBind: { hwid: 'NOPE-404' },
  productUpdate: { name: 'Wash', type: 'list', price: 5000, spentTime: 30 },
  memberUpdate: { role: 'shareholder' },
  paymentOptionUpdate: { gateways: ['offline'] },
  cashboxTripCount: { collectedAmount: 100 },
  bankAccountUpdate: { ...bankAccountInput, bankName: 'Mine now' },
  vipCardStatus: { status: 'cancelled' },
  vipCardTopUp: { amount: 100, reason: 'Mine now' },
  vipCardAdjust: { balanceChange: 100, reason: 'Mine now' },
  promotionUpdate: { ...happyHour, name: 'Mine now' },
  promotionBindingUpdate: { deviceIds: [] },
};

type Operation = { method: Method; path: string; operationId: string; hasBody: boolean };

async function merchantOperationsWithIds(): Promise<Operation[]> {
  const doc = (await ctx.app.inject('/api/openapi.json')).json();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, { operationId: string; requestBody?: unknown }>>(
    doc.paths,
  )) {
    if (!path.includes('{')) continue;
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(methods)) {
      const route = ctx.app.accessRegistry.find((r) => r.url === url && r.method === method.toUpperCase());
      if (!route) throw new Error(`no access rule for ${method} ${path}`);
      // Service agents' tools reach every merchant's records by design; login and public routes have no merchant.
      if (route.access.token !== 'merchant' || route.access.rootOnly) continue;
      operations.push({
        method: method.toUpperCase() as Method,
        path: path.replace(/^\/api\/v1/, ''),
        operationId: op.operationId,
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return operations;
}

function fill(path: string, ids: Record<string, number | string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`${path}: no id for ${name}`);
    return String(id);
  });
}

describe('ids of another merchant', () => {
  it('answer every merchant operation exactly as ids that do not exist', async () => {
    const [a, b] = [await merchantWithEverything(), await merchantWithEverything()];
    const operations = await merchantOperationsWithIds();
    expect(operations.length).toBeGreaterThan(25);
    const differences: string[] = [];
    for (const op of operations) {
      if (op.hasBody && !bodies[op.operationId]) throw new Error(`add a body for ${op.operationId}`);
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const kindFor = (name: string) => {
        const found = kindOf.find(([prefix, param]) => prefix.test(op.path) && param === name);
        if (!found) throw new Error(`${op.operationId}: which resource is {${name}}?`);
        return found[2];
      };
      // Each path id in turn is B's or missing, the others A's own.
      for (const name of names) {
        const own = Object.fromEntries(names.map((n) => [n, a.ids[kindFor(n)]]));
        const call = async (id: number | string) => {
          const r = await ctx.app.inject({
            method: op.method,
            url: `/api/v1${fill(op.path, { ...own, [name]: id })}`,
            // Money-moving calls need an idempotency key; the others ignore it.
            headers: { ...bearer(a.owner.jwt), 'idempotency-key': randomUUID() },
            ...(bodies[op.operationId] ? { payload: bodies[op.operationId] } : {}),
          });
          return { status: r.statusCode, body: r.json() };
        };
        const theirs = await call(b.ids[kindFor(name)]);
        const none = await call(kindFor(name) === 'commandBatch' ? randomUUID() : missing);
        // A business refusal: the body was accepted, so the answer is about the id.
        if (none.status !== 478) differences.push(`${op.operationId} {${name}} missing: ${JSON.stringify(none)}`);
        if (JSON.stringify(theirs) !== JSON.stringify(none))
          differences.push(
            `${op.method} ${op.path} {${name}}: B's ${JSON.stringify(theirs)} / missing ${JSON.stringify(none)}`,
          );
      }
    }
    expect(differences).toEqual([]);
  });
});
