import { describe, expect, it } from 'vitest';
import { fetchCheckoutMachine } from '../src/features/checkout/api/checkout-machine';
import { createCheckoutOrder } from '../src/features/checkout/api/checkout-order-create';
import { fetchCheckoutOrder } from '../src/features/checkout/api/checkout-order';
import { fetchCheckoutLinks } from '../src/features/checkout/api/checkout-links';
import { isUnknownMachine, machineNoLongerFree } from '../src/features/checkout/utils/checkout-errors';
import { json, useTestApi } from './test-server';

const api = useTestApi();

const freeMachine = {
  device: { id: 7, name: 'Washer 1', machineType: 1, kind: 'washer' },
  place: { id: 3, title: 'Sunny Laundry', address: '1 Main St' },
  merchant: { name: 'Sunny', currency: 'TWD' },
  state: 'free',
  courses: [{ code: 'std', name: 'Standard', price: 6000 }],
  offer: { way: 'course' },
  methods: [{ gateway: 'LinePay', sandbox: true }],
  paymentSetUp: true,
  canPay: true,
  canTopUp: false,
};

describe('the checkout calls', () => {
  it('reads a machine by hwid without a token', async () => {
    localStorage.clear();
    api.answer((_request, response) => json(response, 200, { result: freeMachine }));
    await expect(fetchCheckoutMachine({ hwid: 'HW01' })).resolves.toEqual(freeMachine);
    const [request] = api.requests;
    expect(request?.url.pathname).toBe('/api/v1/checkout/machine');
    expect(request?.url.searchParams.get('hwid')).toBe('HW01');
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('tells an unknown machine from a failed connection', async () => {
    api.answer((_request, response) => json(response, 478, { code: 1102004, message: 'The device does not exist.' }));
    const error = await fetchCheckoutMachine({ deviceId: 99 }).catch((caught: unknown) => caught);
    expect(isUnknownMachine(error)).toBe(true);
    api.answer((_request, response) => json(response, 500, {}));
    expect(isUnknownMachine(await fetchCheckoutMachine({ deviceId: 99 }).catch((caught: unknown) => caught))).toBe(
      false,
    );
  });

  it('posts the order with its clientRequestId and answers the gateway page', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: { orderId: 'ord_0123456789abcdef', redirectUrl: 'https://pay.example/x' } }),
    );
    const order = {
      deviceId: 7,
      course: 'std',
      gateway: 'LinePay' as const,
      clientRequestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      theme: 'fn' as const,
      lang: 'th',
    };
    await expect(createCheckoutOrder(order)).resolves.toEqual({
      orderId: 'ord_0123456789abcdef',
      redirectUrl: 'https://pay.example/x',
    });
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '')).toEqual(order);
  });

  it('says so when the machine stopped being free before the payment', async () => {
    api.answer((_request, response) => json(response, 478, { code: 1710001, message: 'not standby' }));
    const error = await createCheckoutOrder({
      deviceId: 7,
      course: 'std',
      gateway: 'LinePay',
      clientRequestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      theme: 'custom',
    }).catch((caught: unknown) => caught);
    expect(machineNoLongerFree(error)).toBe(true);
  });

  it('reads an order by its public id', async () => {
    const order = {
      orderId: 'ord_0123456789abcdef',
      status: 'refunded',
      amount: 6000,
      currency: 'TWD',
      gateway: 'LinePay',
      course: { code: 'std', name: 'Standard' },
      device: { id: 7, name: 'Washer 1' },
      place: { title: 'Sunny Laundry' },
      theme: 'custom',
      history: [{ status: 'paid', at: '2026-11-22T02:00:00Z' }],
      reason: 'noAnswer',
    };
    api.answer((_request, response) => json(response, 200, { result: order }));
    await expect(fetchCheckoutOrder('ord_0123456789abcdef')).resolves.toEqual(order);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/order/ord_0123456789abcdef');
  });

  it('reads the external links, set or not', async () => {
    const unset = { mbAppUrl: null, mbBrand: null, placeStatusUrl: null, placeStatusVersion: null };
    api.answer((_request, response) => json(response, 200, { result: unset }));
    await expect(fetchCheckoutLinks()).resolves.toEqual(unset);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/links');
  });
});
