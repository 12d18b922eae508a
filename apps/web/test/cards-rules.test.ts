import { describe, expect, it } from 'vitest';
import { resolveAppTarget } from '../src/app/guards/app-target';
import { cardPaths, readCardId } from '../src/features/cards/utils/card-paths';
import { readCardListParams, writeCardListParams } from '../src/features/cards/utils/list-params';
import {
  readCardRecordFilters,
  toCardRecordQuery,
  writeCardRecordFilters,
} from '../src/features/cards/utils/record-filters';
import { readPageParams } from '../src/lib/page-params';
import { parseSignedAmount, parseSignedPoints } from '../src/features/cards/utils/signed-input';
import { maxTopUpTiers, sortedTiers, tierProblems } from '../src/features/cards/utils/tier-rules';

const noon = new Date('2026-03-15T04:00:00Z');

describe('card record filters in the address', () => {
  it('read kind, card number, place and machine, and ignore what is malformed', () => {
    const params = new URLSearchParams('range=thisWeek&kind=spend&card=88-00&place=3&device=9');
    expect(readCardRecordFilters(params, 'today')).toEqual({
      range: 'thisWeek',
      kind: 'spend',
      keyword: '8800',
      placeId: 3,
      deviceId: 9,
    });
    expect(readCardRecordFilters(new URLSearchParams('kind=gift&place=-1&range=ever'), 'today')).toEqual({
      range: 'today',
    });
  });

  it('write back what they read, and a change starts at the first page', () => {
    const filters = {
      range: 'custom' as const,
      custom: { from: '2026-03-01', to: '2026-03-10' },
      kind: 'refund' as const,
    };
    const written = writeCardRecordFilters(new URLSearchParams('page=4&cardID=11'), filters);
    expect(written.get('page')).toBeNull();
    expect(written.get('cardID')).toBe('11');
    expect(readCardRecordFilters(written, 'today')).toEqual(filters);
  });

  it('combine into the list query: a card history or a machine fixes its own filter', () => {
    const filters = readCardRecordFilters(new URLSearchParams('range=today&card=123&device=5&kind=spend'), 'today');
    const page = readPageParams(new URLSearchParams('page=2&size=50'));
    expect(toCardRecordQuery(filters, page, { program: 'ok' }, 'Asia/Taipei', noon)).toEqual({
      program: 'ok',
      from: '2026-03-15',
      to: '2026-03-15',
      page: 2,
      pageSize: 50,
      tz: 'Asia/Taipei',
      deviceId: 5,
      kind: 'spend',
      keyword: '123',
    });
    const history = toCardRecordQuery(filters, page, { program: 'vip', cardId: 11, deviceId: 7 }, 'Asia/Taipei', noon);
    expect(history).toMatchObject({ cardId: 11, deviceId: 7 });
    expect(history.keyword).toBeUndefined();
  });

  it('read a page size only from the offered sizes', () => {
    expect(readPageParams(new URLSearchParams('page=0&size=33'))).toEqual({ page: 1, pageSize: 20 });
  });
});

describe('the card list in the address', () => {
  it('reads the member sort, its order and the status; defaults to newest opened first', () => {
    expect(readCardListParams(new URLSearchParams())).toEqual({
      sort: 'openDate',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
    const read = readCardListParams(new URLSearchParams('q=%20Lin%20&status=cancelled&sort=balance&order=asc&page=3'));
    expect(read).toEqual({ keyword: 'Lin', status: 'cancelled', sort: 'balance', order: 'asc', page: 3, pageSize: 20 });
    expect(readCardListParams(writeCardListParams(new URLSearchParams('x=1'), read))).toEqual(read);
    expect(readCardListParams(new URLSearchParams('sort=name&status=lost')).sort).toBe('openDate');
  });
});

describe('top-up tiers', () => {
  it('must be paid amounts above zero, with no amount twice and no negative extra', () => {
    expect(
      tierProblems([
        { amount: 50_000, reward: 5_000 },
        { amount: 100_000, reward: 15_000 },
      ]),
    ).toEqual([null, null]);
    expect(
      tierProblems([
        { amount: 50_000, reward: 0 },
        { amount: 50_000, reward: 1 },
        { amount: 0, reward: 0 },
        { reward: 0 },
        { amount: 1, reward: -1 },
      ]),
    ).toEqual([null, 'duplicateAmount', 'amountPositive', 'amountRequired', 'rewardNegative']);
  });

  it('are at most ten, and saved cheapest first', () => {
    const tiers = Array.from({ length: maxTopUpTiers + 1 }, (_, index) => ({ amount: (index + 1) * 100, reward: 0 }));
    expect(tierProblems(tiers).at(-1)).toBe('tooMany');
    expect(
      sortedTiers([
        { amount: 300, reward: 1 },
        { amount: 100, reward: 0 },
      ]).map((tier) => tier.amount),
    ).toEqual([100, 300]);
  });
});

describe('corrections typed by staff', () => {
  it('take a sign and the currency decimals', () => {
    expect(parseSignedAmount('-50', 'TWD')).toBe(-5_000);
    expect(parseSignedAmount('+12.5', 'TWD')).toBe(1_250);
    expect(parseSignedAmount('12.345', 'TWD')).toBeNull();
    expect(parseSignedAmount('--1', 'TWD')).toBeNull();
    expect(parseSignedAmount('-100', 'JPY')).toBe(-100);
    expect(parseSignedPoints('-10')).toBe(-10);
    expect(parseSignedPoints('1.5')).toBeNull();
  });
});

describe('card addresses', () => {
  it('keep member cards inside /app when opened there, and the OK card in its own area', () => {
    expect(cardPaths('vip', '/vip-card/list').detail(4)).toBe('/vip-card/detail?cardID=4');
    expect(cardPaths('vip', '/app/vip-card/list').detail(4)).toBe('/app/vip-card/detail?cardID=4');
    expect(cardPaths('ok', '/ok-card/list').detail(4)).toBe('/ok-card/detail?cardID=4');
    expect(cardPaths('ok', '/ok-card/detail').list).toBe('/ok-card/list');
  });

  it('read the card id the /app target passes on', () => {
    const target = resolveAppTarget(new URLSearchParams('target=vipCardDetail&id=42'));
    expect(target).toBe('/app/vip-card/detail?cardID=42');
    expect(readCardId(new URL(target ?? '', 'http://x').searchParams)).toBe(42);
    expect(readCardId(new URLSearchParams('cardID=abc'))).toBeNull();
    expect(readCardId(new URLSearchParams('cardID=0'))).toBeNull();
    expect(readCardId(new URLSearchParams())).toBeNull();
  });
});
