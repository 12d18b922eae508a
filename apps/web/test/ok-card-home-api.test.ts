import { describe, expect, it } from 'vitest';
import { fetchOkCardIssued } from '../src/features/cards/api/okcard-issued';
import { fetchOkCardRevenue } from '../src/features/cards/api/okcard-revenue';
import { json, useTestApi } from './test-server';

const api = useTestApi();
const range = { from: '2026-11-01', to: '2026-11-24', tz: 'Asia/Taipei' };

describe('the OK card home calls', () => {
  it('reads the cards issued for the days in the merchant zone, with the merchant token', async () => {
    const issued = { cards: 12, activeCards: 10, issued: 3, outstanding: 125000, currency: 'TWD' };
    api.answer((_request, response) => json(response, 200, { result: issued }));
    await expect(fetchOkCardIssued(range)).resolves.toEqual(issued);
    const [request] = api.requests;
    expect(request?.url.pathname).toBe('/api/v1/okcard/issued');
    expect(request?.url.searchParams.get('from')).toBe('2026-11-01');
    expect(request?.url.searchParams.get('to')).toBe('2026-11-24');
    expect(request?.url.searchParams.get('tz')).toBe('Asia/Taipei');
    expect(request?.headers.authorization).toBe('Bearer merchant-token');
  });

  it('reads deposits and spend by day', async () => {
    const revenue = {
      currency: 'TWD',
      deposits: 100000,
      rewards: 10000,
      spend: 4000,
      refunds: 0,
      series: [
        { day: '2026-11-23', deposits: 50000, spend: 0 },
        { day: '2026-11-24', deposits: 50000, spend: 4000 },
      ],
    };
    api.answer((_request, response) => json(response, 200, { result: revenue }));
    await expect(fetchOkCardRevenue(range)).resolves.toEqual(revenue);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/okcard/revenue');
  });
});
