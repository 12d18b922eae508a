import { describe, expect, it } from 'vitest';
import { readSalesFilters, toSalesQuery, writeSalesFilters } from '../src/lib/sales-filters';

const params = (text: string) => new URLSearchParams(text);

describe('readSalesFilters', () => {
  it('reads every filter from the address', () => {
    expect(readSalesFilters(params('range=thisWeek&place=3&device=12&gateway=LinePay&status=98'), 'today')).toEqual({
      range: 'thisWeek',
      placeId: 3,
      deviceId: 12,
      payGateway: 'LinePay',
      status: 98,
    });
  });

  it('reads a gateway name with a space and a custom range', () => {
    expect(readSalesFilters(params('range=custom&from=2026-01-01&to=2026-02-15&gateway=icash+Pay'), 'today')).toEqual({
      range: 'custom',
      custom: { from: '2026-01-01', to: '2026-02-15' },
      payGateway: 'icash Pay',
    });
  });

  it('falls back to the default for malformed or unknown values', () => {
    expect(readSalesFilters(params('range=forever&place=-1&device=abc&gateway=Cash&status=7'), 'thisMonth')).toEqual({
      range: 'thisMonth',
    });
  });

  it('ends a custom range longer than three months on the last day its start allows, and says it did', () => {
    expect(readSalesFilters(params('range=custom&from=2026-01-01&to=2026-04-02'), 'today')).toEqual({
      range: 'custom',
      custom: { from: '2026-01-01', to: '2026-04-01' },
      shortened: true,
    });
    expect(readSalesFilters(params('range=custom&from=2026-01-01&to=2026-04-01'), 'today')).toEqual({
      range: 'custom',
      custom: { from: '2026-01-01', to: '2026-04-01' },
    });
  });

  it('refuses impossible days or a start after the end', () => {
    expect(readSalesFilters(params('range=custom&from=2026-02-30&to=2026-03-02'), 'today')).toEqual({ range: 'today' });
    expect(readSalesFilters(params('range=custom&from=2026-03-02&to=2026-03-01'), 'today')).toEqual({ range: 'today' });
  });
});

describe('writeSalesFilters', () => {
  it('round-trips through the address and keeps unrelated values', () => {
    const filters = {
      range: 'custom',
      custom: { from: '2026-03-01', to: '2026-03-31' },
      placeId: 4,
      status: 0,
    } as const;
    const written = writeSalesFilters(params('group=place&gateway=LinePay'), filters);
    expect(written.get('group')).toBe('place');
    expect(written.get('gateway')).toBeNull();
    expect(readSalesFilters(written, 'today')).toEqual(filters);
  });

  it('leaves the days out of the address for a quick range', () => {
    expect(writeSalesFilters(params('from=2026-01-01&to=2026-01-02'), { range: 'yesterday' }).toString()).toBe(
      'range=yesterday',
    );
  });
});

describe('toSalesQuery', () => {
  it('turns the quick range into days of the merchant zone and keeps the chosen filters', () => {
    const now = new Date('2026-06-30T20:00:00Z'); // 1 July in Taipei
    expect(toSalesQuery({ range: 'today', deviceId: 9, payGateway: 'offline', status: 0 }, 'Asia/Taipei', now)).toEqual(
      { from: '2026-07-01', to: '2026-07-01', deviceId: 9, payGateway: 'offline', status: 0 },
    );
  });
});
