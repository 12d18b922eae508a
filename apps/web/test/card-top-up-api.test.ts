import type { CardOffer, CardTopUpOrder, ConsumerCard } from '@sbo/contracts/schemas/cards';
import { describe, expect, it, vi } from 'vitest';
import { fetchCardOffer } from '../src/features/checkout/api/card-offer';
import { sendCardSmsCode } from '../src/features/checkout/api/card-sms-code';
import { createCardTopUp } from '../src/features/checkout/api/card-top-up-create';
import { fetchCardTopUp } from '../src/features/checkout/api/card-top-up-order';
import { openVirtualCard } from '../src/features/checkout/api/virtual-card-open';
import { cardRefusalOf, isUnknownPlace } from '../src/features/checkout/utils/checkout-errors';
import { json, useTestApi } from './test-server';

// Every answer below is checked against the contract by the api client in tests: a drifted fake fails.
const api = useTestApi();

const offer: CardOffer = {
  program: 'vip',
  merchantName: 'Sunny',
  place: { id: 3, title: 'Sunny Laundry' },
  currency: 'TWD',
  topUpTiers: [{ amount: 50000, reward: 5000, promotion: null }],
  pointsRule: { enabled: true, spendPerPoint: 1000, pointValue: 100 },
  virtualCards: true,
  gateways: ['LinePay'],
  paymentSetUp: true,
};

const refuse = (code: number) => api.answer((_request, response) => json(response, 478, { code, message: 'no' }));
const failureOf = (call: Promise<unknown>) => call.catch((caught: unknown) => caught);

describe("the consumer's card calls", () => {
  it("reads a place's card offer without a token", async () => {
    localStorage.clear();
    api.answer((_request, response) => json(response, 200, { result: offer }));
    await expect(fetchCardOffer({ placeId: 3, program: 'vip' })).resolves.toEqual(offer);
    const [request] = api.requests;
    expect(request?.url.pathname).toBe('/api/v1/checkout/card/offer');
    expect(request?.url.searchParams.get('placeId')).toBe('3');
    expect(request?.url.searchParams.get('program')).toBe('vip');
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('tells an unknown place and a place that takes no card from a failed connection', async () => {
    refuse(1102007);
    expect(isUnknownPlace(await failureOf(fetchCardOffer({ hwid: 'HW-X' })))).toBe(true);
    refuse(1103006);
    expect(cardRefusalOf(await failureOf(fetchCardOffer({ placeId: 3 })))).toBe('notAccepted');
    api.answer((_request, response) => json(response, 500, {}));
    const failed = await failureOf(fetchCardOffer({ placeId: 3 }));
    expect(isUnknownPlace(failed)).toBe(false);
    expect(cardRefusalOf(failed)).toBe('other');
  });

  it('asks for an SMS code and reads when another may be asked for', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: { retryAfterSeconds: 60, expiresInSeconds: 300 } }),
    );
    const request = { placeId: 3, program: 'vip' as const, phone: '+886912345678' };
    await expect(sendCardSmsCode(request)).resolves.toEqual({ retryAfterSeconds: 60, expiresInSeconds: 300 });
    expect(api.requests[0]?.method).toBe('POST');
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/card/sms-code');
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual(request);
  });

  it('names a code asked too often (10009), an SMS that failed (10008) and a server without SMS (1103009)', async () => {
    const request = { placeId: 3, phone: '+886912345678' };
    refuse(10009);
    expect(cardRefusalOf(await failureOf(sendCardSmsCode(request)))).toBe('smsTooFrequent');
    refuse(10008);
    expect(cardRefusalOf(await failureOf(sendCardSmsCode(request)))).toBe('smsFailed');
    refuse(1103007);
    expect(cardRefusalOf(await failureOf(sendCardSmsCode(request)))).toBe('virtualClosed');
    refuse(1103009);
    expect(cardRefusalOf(await failureOf(sendCardSmsCode(request)))).toBe('smsNotSetUp');
  });

  it('opens the virtual card with the code and answers the card, or names a wrong code', async () => {
    const card: ConsumerCard = {
      number: '990000000042',
      program: 'vip',
      status: 'active',
      loyaltyType: 'storedValue',
      balance: 0,
      point: 0,
      currency: 'TWD',
    };
    api.answer((_request, response) => json(response, 200, { result: card }));
    const request = { placeId: 3, phone: '+886912345678', code: '123456' };
    await expect(openVirtualCard(request)).resolves.toEqual(card);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/card/open');
    refuse(1103008);
    expect(cardRefusalOf(await failureOf(openVirtualCard(request)))).toBe('codeInvalid');
  });

  it('posts the top-up with its clientRequestId and answers the gateway page', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: { orderId: 'top_0123456789abcdef', redirectUrl: 'https://pay.example/t' } }),
    );
    const order = {
      placeId: 3,
      program: 'vip' as const,
      cardNumber: '880000000001',
      amount: 50000,
      gateway: 'LinePay',
      clientRequestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      lang: 'en',
    };
    await expect(createCardTopUp(order)).resolves.toEqual({
      orderId: 'top_0123456789abcdef',
      redirectUrl: 'https://pay.example/t',
    });
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/card/top-up');
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual(order);
  });

  it('names each refusal of a top-up in words a consumer can act on', async () => {
    const order = {
      placeId: 3,
      cardNumber: '880000000001',
      amount: 50000,
      gateway: 'LinePay',
      clientRequestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    };
    const expected = {
      10005: 'unknownCard',
      1103002: 'topUpUnsupported',
      1103003: 'cardDisabled',
      1103006: 'notAccepted',
      10010: 'paymentFailed',
    } as const;
    for (const [code, refusal] of Object.entries(expected)) {
      refuse(Number(code));
      expect(cardRefusalOf(await failureOf(createCardTopUp(order)))).toBe(refusal);
    }
  });

  it('reads a top-up order by its public id', async () => {
    const topUp: CardTopUpOrder = {
      orderId: 'top_0123456789abcdef',
      status: 'paid',
      program: 'vip',
      cardNumber: '********0001',
      amount: 50000,
      reward: 5000,
      currency: 'TWD',
      gateway: 'LinePay',
      place: { id: 3, title: 'Sunny Laundry' },
      balanceAfter: 80000,
      createdAt: '2026-11-24T02:00:00.000Z',
    };
    api.answer((_request, response) => json(response, 200, { result: topUp }));
    await expect(fetchCardTopUp('top_0123456789abcdef')).resolves.toEqual(topUp);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/checkout/card/top-up/top_0123456789abcdef');
  });

  it('refuses a top-up order answer that drifted from the contract', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answer((_request, response) =>
      json(response, 200, { result: { orderId: 'top_0123456789abcdef', status: 'credited' } }),
    );
    const failure = await failureOf(fetchCardTopUp('top_0123456789abcdef'));
    expect(cardRefusalOf(failure)).toBe('other');
    expect(failure).toBeInstanceOf(Error);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
