import { describe, expect, it } from 'vitest';
import { fetchCardAdjust } from '../src/features/cards/api/card-adjust';
import { fetchCardDetail } from '../src/features/cards/api/card-detail';
import { fetchCardList } from '../src/features/cards/api/card-list';
import { fetchCardRecords } from '../src/features/cards/api/card-records';
import { fetchCardTopUp } from '../src/features/cards/api/card-top-up';
import { newIdempotencyKey } from '../src/features/cards/utils/idempotency';
import { installFakeUi } from './fake-ui';
import { sampleCard, sampleEntry } from './cards-samples';
import { json, useTestApi } from './test-server';

const api = useTestApi();
installFakeUi();

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20, currency: 'TWD' });

describe('the card calls', () => {
  it('list member cards with their program, and OK cards on the OK card path', async () => {
    api.answer((_request, response) => json(response, 200, { result: page([sampleCard()]) }));
    await fetchCardList({ program: 'vip', keyword: 'Lin', sort: 'balance', order: 'asc' });
    await fetchCardList({ program: 'ok', sort: 'points' });
    const [vip, ok] = api.requests;
    expect(vip?.url.pathname).toBe('/api/v1/vip-card/list');
    expect(Object.fromEntries(vip?.url.searchParams ?? [])).toMatchObject({
      program: 'vip',
      keyword: 'Lin',
      sort: 'balance',
      order: 'asc',
    });
    expect(ok?.url.pathname).toBe('/api/v1/okcard/list');
    expect(ok?.url.searchParams.get('program')).toBeNull();
    expect(ok?.url.searchParams.get('sort')).toBe('points');
  });

  it('read one card: by path for a member card, by cardId for an OK card', async () => {
    api.answer((_request, response) => json(response, 200, { result: sampleCard() }));
    await fetchCardDetail('vip', 11);
    await fetchCardDetail('ok', 12);
    expect(
      api.requests.map((request) => `${request.url.pathname}?${request.url.searchParams.get('cardId') ?? ''}`),
    ).toEqual(['/api/v1/vip-card/11?', '/api/v1/okcard/detail?12']);
  });

  it('send a manual top-up with the dialog key; a retry of the same dialog sends the same key', async () => {
    api.answer((_request, response) =>
      json(response, 200, {
        result: {
          card: sampleCard({ balance: 98_000 }),
          entries: [sampleEntry(), sampleEntry({ id: 2, kind: 'topUpReward', balanceChange: 5_000 })],
        },
      }),
    );
    const key = newIdempotencyKey('topUp-11');
    await fetchCardTopUp(11, { amount: 50_000, reason: 'Paid in cash' }, key);
    await fetchCardTopUp(11, { amount: 50_000, reason: 'Paid in cash' }, key);
    expect(api.requests.map((request) => request.headers['idempotency-key'])).toEqual([key, key]);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/vip-card/11/top-up');
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual({ amount: 50_000, reason: 'Paid in cash' });
    expect(newIdempotencyKey('topUp-11')).not.toBe(key);
  });

  it('correct an OK card through okcard/adjust-balance, a member card through its adjust call', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: { card: sampleCard(), entries: [sampleEntry({ kind: 'adjustment' })] } }),
    );
    await fetchCardAdjust(
      'ok',
      12,
      { balanceChange: -500, pointChange: 3, reason: 'Machine ate a coin' },
      'k-00000001',
    );
    await fetchCardAdjust('vip', 11, { balanceChange: 0, pointChange: 3, reason: 'Birthday' }, 'k-00000002');
    const [ok, vip] = api.requests;
    expect(ok?.url.pathname).toBe('/api/v1/okcard/adjust-balance');
    expect(JSON.parse(ok?.body ?? '')).toEqual({ cardId: 12, balanceChange: -500, reason: 'Machine ate a coin' });
    expect(ok?.headers['idempotency-key']).toBe('k-00000001');
    expect(vip?.url.pathname).toBe('/api/v1/vip-card/11/adjust');
    expect(JSON.parse(vip?.body ?? '')).toEqual({ balanceChange: 0, pointChange: 3, reason: 'Birthday' });
  });

  it('read the records with their filters and totals, as the contract has them', async () => {
    const totals = {
      count: 1,
      topUp: 50_000,
      reward: 0,
      spend: 0,
      refund: 0,
      adjustment: 0,
      pointsEarned: 0,
      pointsRedeemed: 0,
    };
    api.answer((_request, response) => json(response, 200, { result: { ...page([sampleEntry()]), totals } }));
    const result = await fetchCardRecords({
      program: 'vip',
      from: '2026-03-01',
      to: '2026-03-15',
      kind: 'topUp',
      cardId: 11,
      tz: 'Asia/Taipei',
    });
    expect(result.totals.topUp).toBe(50_000);
    const query = Object.fromEntries(api.requests[0]?.url.searchParams ?? []);
    expect(query).toMatchObject({ program: 'vip', kind: 'topUp', cardId: '11', tz: 'Asia/Taipei' });
  });

  it('let a refusal through to the screen (cancelled card, balance below zero)', async () => {
    api.answer((_request, response) => json(response, 400, { code: 1103005, message: 'below zero' }));
    const error = await fetchCardAdjust('vip', 11, { balanceChange: -1, reason: 'x' }, 'k-00000003').catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 1103005 });
  });
});
