import { eq } from 'drizzle-orm';
import type { DeviceKind, DeviceModel } from '@sbo/contracts/mqtt';
import { devices, merchants, placePaymentOptions, productTemplates } from '../../src/db/schema';
import { createBoundDevice, createPlace, eventually } from './devices';
import { memberOf } from './fixtures';
import type { TestContext } from './test-app';
import { TestDevice } from './test-device';

type Template = Omit<typeof productTemplates.$inferInsert, 'merchantId'>;

const washerPrices: Template = {
  name: 'Washer prices',
  type: 'list',
  price: 6000,
  spentTime: 30,
  courses: [
    { course: 'standard', name: 'Standard', price: 6000 },
    { course: 'quick', price: 5000 },
  ],
};

/** Another kind of machine than the washer: its kind, model, name and template (null: none). */
export type ShopMachine = { kind: DeviceKind; model: DeviceModel; name: string; template: Template | null };

/**
 * A merchant with mobile payment on, a place taking LINE Pay (the sandbox), and a washer priced by a
 * template (or the machine asked for), online and idle: free to pay at. The connected device is added
 * to `opened` for closing.
 */
export async function checkoutShop(ctx: TestContext, opened: TestDevice[], machine?: ShopMachine) {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  await ctx.db.update(merchants).set({ mobilePaymentEnabled: true }).where(eq(merchants.id, merchantId));
  const place = await createPlace(ctx.db, merchantId, 'Sunny Laundry');
  await ctx.db.insert(placePaymentOptions).values({ merchantId, placeId: place.id, gateways: ['offline', 'LinePay'] });
  const prices = machine ? machine.template : washerPrices;
  const [template] = prices
    ? await ctx.db
        .insert(productTemplates)
        .values({ merchantId, ...prices })
        .returning()
    : [];
  const bound = await createBoundDevice(ctx.db, {
    merchantId,
    placeId: place.id,
    name: machine?.name ?? 'Washer 1',
    ...(machine ? { kind: machine.kind, model: machine.model } : {}),
  });
  if (template) await ctx.db.update(devices).set({ productId: template.id }).where(eq(devices.id, bound.device.id));
  const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
    hwid: bound.hwid,
    secret: bound.secret,
    ...(machine ? { kind: machine.kind, model: machine.model } : {}),
  });
  opened.push(device);
  await device.state({ status: 'idle' });
  await eventually(async () => {
    const answer = await ctx.app.inject({ url: '/api/v1/checkout/machine', query: { deviceId: `${bound.device.id}` } });
    return answer.json().result?.state === 'free';
  });
  return { owner, merchantId, place, deviceId: bound.device.id, hwid: bound.hwid, secret: bound.secret, device };
}
