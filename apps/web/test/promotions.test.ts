import type { Promotion, PromotionBinding } from '@sbo/contracts';
import { coursePriceAt, type TimeDiscountRules } from '@sbo/contracts/promotion-prices';
import { describe, expect, it } from 'vitest';
import { fetchPromotionBindingUpdate } from '../src/features/promotion/api/promotion-binding-update';
import { fetchPromotionList } from '../src/features/promotion/api/promotion-list';
import { fetchPromotionStop } from '../src/features/promotion/api/promotion-stop';
import {
  bindingBody,
  boundIds,
  deselectAll,
  otherPromotionName,
  placeState,
  selectAll,
  toggle,
} from '../src/features/promotion/utils/binding-selection';
import {
  promotionListQuery,
  readPromotionListParams,
  tabsWithCounts,
  writePromotionListParams,
} from '../src/features/promotion/utils/list-params';
import { previewRows } from '../src/features/promotion/utils/price-preview';
import {
  checkDraft,
  draftOfPromotion,
  draftToInput,
  emptyDraft,
  errorsFromDetails,
  kindsFor,
  previewRulesOf,
  stepOfError,
  type PromotionDraft,
} from '../src/features/promotion/utils/promotion-draft';
import { confirmStop } from '../src/features/promotion/utils/stop-promotion';
import { instantOfWallTime, wallTimeOf } from '../src/features/promotion/utils/zoned-time';
import { ApiError } from '../src/lib/api-errors';
import { i18n, switchLanguage } from '../src/lib/i18n';
import { registerMessageHost } from '../src/lib/messages';
import { installFakeUi } from './fake-ui';
import { json, useTestApi } from './test-server';

const api = useTestApi();
const ui = installFakeUi();
const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

const zone = 'Asia/Taipei';
const now = new Date('2026-11-24T06:00:00Z'); // 14:00 in Taipei, a Tuesday
const ctx = { currency: 'TWD', timeZone: zone, now };

function samplePromotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 7,
    name: 'Lunch happy hour',
    category: 'time_discount',
    status: 'active',
    startAt: '2026-11-24T05:00:00.000Z',
    endAt: null,
    disabledAt: null,
    templateId: null,
    deviceCount: 2,
    currency: 'TWD',
    timeDiscount: {
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      windows: [{ from: '22:00', to: '02:00' }],
      calculation: 'round',
      discounts: [
        { course: '*', kind: 'percent', value: 20 },
        { course: 'heavy', kind: 'amount', value: 1_500 },
      ],
    },
    spendingBonus: null,
    depositRewardAmount: null,
    depositRewardFeedback: null,
    createdAt: '2026-11-24T05:00:00.000Z',
    updatedAt: '2026-11-24T05:00:00.000Z',
    ...overrides,
  };
}

const counts = { all: 9, pending: 1, active: 3, ended: 4, disabled: 1 };

describe('the promotion list', () => {
  it('reads its tab, category and page from the address and asks the list for them', () => {
    const params = readPromotionListParams(new URLSearchParams('status=active&category=time_discount&page=2'));
    expect(params).toEqual({ tab: 'active', category: 'time_discount', page: 2 });
    expect(promotionListQuery(params)).toEqual({ status: 'active', category: 'time_discount', page: 2, pageSize: 20 });
    // "all" is no status; a made-up tab or category reads as all.
    const all = readPromotionListParams(new URLSearchParams('status=paused&category=coupon&page=-1'));
    expect(all).toEqual({ tab: 'all', category: undefined, page: 1 });
    expect(promotionListQuery(all)).toEqual({ page: 1, pageSize: 20 });
    expect(writePromotionListParams(new URLSearchParams('x=1'), { tab: 'ended', page: 1 }).toString()).toBe(
      'x=1&status=ended',
    );
  });

  it('shows every tab with its count from the answer, zero until it loads', () => {
    expect(tabsWithCounts(counts)).toEqual([
      { tab: 'all', count: 9 },
      { tab: 'pending', count: 1 },
      { tab: 'active', count: 3 },
      { tab: 'ended', count: 4 },
      { tab: 'disabled', count: 1 },
    ]);
    expect(tabsWithCounts(undefined).every((tab) => tab.count === 0)).toBe(true);
  });

  it('calls promotion/list with the tab and category, and takes an answer the contract accepts', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: { items: [samplePromotion()], total: 1, page: 1, pageSize: 20, counts } }),
    );
    const page = await fetchPromotionList({ status: 'active', category: 'time_discount', page: 1, pageSize: 20 });
    expect(page.counts.active).toBe(3);
    const request = api.requests[0];
    expect(request?.url.pathname).toBe('/api/v1/promotion/list');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toMatchObject({
      status: 'active',
      category: 'time_discount',
      page: '1',
      pageSize: '20',
    });
  });
});

describe('the step form', () => {
  const named = (next: Partial<PromotionDraft> = {}): PromotionDraft => ({
    ...emptyDraft('time_discount', { timeZone: zone, now }),
    name: 'Evenings',
    ...next,
  });

  it('starts now on the merchant’s clock, never ending, with a valid happy hour', () => {
    const draft = named();
    expect(draft.start).toBe('2026-11-24T14:00');
    expect(checkDraft(draft, null, ctx, t)).toEqual({});
    const input = draftToInput(draft, ctx);
    expect(input).toMatchObject({ startAt: '2026-11-24T06:00:00.000Z', endAt: null, category: 'time_discount' });
  });

  it('refuses an end that is not in the future with the spec’s message, on the end field', () => {
    const past = checkDraft(named({ endMode: 'date', end: '2026-11-24T13:59' }), 1, ctx, t);
    expect(past).toEqual({ endAt: 'The end date must be in the future' });
    const atNow = checkDraft(named({ endMode: 'date', end: '2026-11-24T14:00' }), 1, ctx, t);
    expect(atNow.endAt).toBe('The end date must be in the future');
    const beforeStart = checkDraft(
      named({ start: '2026-12-01T10:00', endMode: 'date', end: '2026-11-30T10:00' }),
      1,
      ctx,
      t,
    );
    expect(beforeStart).toEqual({ endAt: 'The end must come after the start' });
    expect(checkDraft(named({ endMode: 'date', end: '' }), 1, ctx, t).endAt).toBe('End is required');
    expect(checkDraft(named({ endMode: 'date', end: '2026-11-25T09:00' }), 1, ctx, t)).toEqual({});
  });

  it('puts the api’s end-date 400 on the end field, in the current language, on the dates step', async () => {
    const errors = errorsFromDetails([{ path: 'body.endAt', message: 'the end date must be in the future' }], t);
    expect(errors).toEqual({ endAt: 'The end date must be in the future' });
    expect(stepOfError('endAt')).toBe(1);
    await switchLanguage('zh-TW');
    try {
      expect(errorsFromDetails([{ path: 'endAt', message: 'the end date must be in the future' }], t).endAt).toBe(
        i18n.t('rule.futureDate'),
      );
      expect(i18n.t('rule.futureDate')).toBe('結束日期必須晚於目前時間');
    } finally {
      await switchLanguage('en');
    }
  });

  it('checks only the fields of the step it is on', () => {
    const draft = named({ name: '', discounts: [{ course: '*', kind: 'percent', value: '120' }] });
    expect(Object.keys(checkDraft(draft, 1, ctx, t))).toEqual(['name']);
    expect(checkDraft(draft, 2, ctx, t)).toEqual({
      'timeDiscount.discounts.0.value': 'Enter a percentage from 1 to 99',
    });
    expect(stepOfError('timeDiscount.discounts.0.value')).toBe(2);
  });

  it('holds the calculation type’s rule on the kinds of discount', () => {
    expect(kindsFor('fixed')).toEqual(['price', 'free']);
    expect(kindsFor('round')).toEqual(['percent', 'amount', 'free']);
    const wrong = named({ calculation: 'fixed', discounts: [{ course: '*', kind: 'percent', value: '20' }] });
    expect(checkDraft(wrong, 2, ctx, t)['timeDiscount.discounts.0.kind']).toBe(
      'Set prices only allow a set price or a free cycle',
    );
    const set = named({ calculation: 'fixed', discounts: [{ course: '*', kind: 'price', value: '35.5' }] });
    expect(checkDraft(set, 2, ctx, t)).toEqual({});
    expect(draftToInput(set, ctx)).toMatchObject({ timeDiscount: { discounts: [{ kind: 'price', value: 3_550 }] } });
  });

  it('takes money in major units and sends minor units; text that is not money is refused on its field', () => {
    const reward = named({ category: 'deposit_reward', depositAmount: '500', depositFeedback: '50.5' });
    expect(draftToInput(reward, ctx)).toMatchObject({ depositRewardAmount: 50_000, depositRewardFeedback: 5_050 });
    const bad = named({ category: 'deposit_reward', depositAmount: 'abc', depositFeedback: '' });
    expect(Object.keys(checkDraft(bad, 2, ctx, t)).sort()).toEqual(['depositRewardAmount', 'depositRewardFeedback']);
    const bonus = named({ category: 'spending_bonus', minSpend: '300', within: 'period', periodDays: null });
    expect(checkDraft({ ...bonus, bonusValue: '20' }, 2, ctx, t)).toEqual({
      'spendingBonus.periodDays': 'Period (days) is required',
    });
  });

  it('opens a saved promotion for editing with its times on the merchant’s clock and money in major units', () => {
    const draft = draftOfPromotion(samplePromotion({ endAt: '2026-12-31T15:59:00.000Z' }), zone);
    expect(draft).toMatchObject({
      name: 'Lunch happy hour',
      start: '2026-11-24T13:00',
      endMode: 'date',
      end: '2026-12-31T23:59',
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      discounts: [
        { course: '*', kind: 'percent', value: '20' },
        { course: 'heavy', kind: 'amount', value: '15.00' },
      ],
    });
    expect(draftToInput(draft, ctx)).toMatchObject({
      startAt: '2026-11-24T05:00:00.000Z',
      endAt: '2026-12-31T15:59:00.000Z',
      timeDiscount: samplePromotion().timeDiscount,
    });
  });
});

describe('the live preview', () => {
  const template = {
    price: 6_000,
    unitPrice: null,
    pulse: 1_000,
    courses: [
      { course: 'standard', name: 'Standard', price: 6_000 },
      { course: 'quick', name: 'Quick', price: 5_000 },
      { course: 'heavy', name: 'Heavy', price: 8_000 },
    ],
  };
  const rules = (calculation: TimeDiscountRules['calculation'], discounts: TimeDiscountRules['discounts']) => ({
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const,
    windows: [{ from: '00:00', to: '24:00' }],
    calculation,
    discounts,
  });

  it('prices each course as the api does, in every calculation type, to the coin of the template', () => {
    const cases = [
      { calc: 'round', discount: { course: '*', kind: 'percent', value: 25 }, expected: [5_000, 4_000, 6_000] },
      { calc: 'ceil', discount: { course: '*', kind: 'percent', value: 25 }, expected: [5_000, 4_000, 6_000] },
      { calc: 'floor', discount: { course: '*', kind: 'percent', value: 25 }, expected: [4_000, 3_000, 6_000] },
      { calc: 'round', discount: { course: '*', kind: 'amount', value: 1_500 }, expected: [5_000, 4_000, 7_000] },
      { calc: 'fixed', discount: { course: '*', kind: 'price', value: 3_500 }, expected: [4_000, 4_000, 4_000] },
      { calc: 'fixed', discount: { course: '*', kind: 'free', value: 0 }, expected: [0, 0, 0] },
    ] as const;
    for (const { calc, discount, expected } of cases) {
      const r = rules(calc, [discount]);
      const rows = previewRows(template, r, 'TWD');
      expect(rows.slice(1).map((row) => row.promoted)).toEqual(expected);
      // The same figure as the rule the api prices machines and checkout with.
      rows.forEach((row) =>
        expect(
          coursePriceAt({
            rules: r,
            course: row.course,
            normalPrice: row.normal,
            coinUnit: 1_000,
            at: now,
            timeZone: zone,
          }).price,
        ).toBe(row.promoted),
      );
    }
  });

  it('uses one whole currency unit as the coin without a pulse, and a course’s own discount before *', () => {
    const rows = previewRows(
      { ...template, pulse: null, price: null },
      rules('round', [
        { course: '*', kind: 'percent', value: 15 },
        { course: 'heavy', kind: 'free', value: 0 },
      ]),
      'TWD',
    );
    expect(rows.map((row) => [row.course, row.promoted, row.free])).toEqual([
      ['standard', 5_100, false],
      ['quick', 4_300, false],
      ['heavy', 0, true],
    ]);
  });

  it('leaves out a discount row still being typed instead of blanking the preview', () => {
    const draft: PromotionDraft = {
      ...emptyDraft('time_discount', { timeZone: zone, now }),
      discounts: [
        { course: '*', kind: 'percent', value: '20' },
        { course: 'quick', kind: 'amount', value: '' },
      ],
    };
    expect(previewRulesOf(draft, 'TWD')?.discounts).toEqual([{ course: '*', kind: 'percent', value: 20 }]);
  });
});

describe('times on the merchant’s clock', () => {
  it('turns a wall time of a zone into its instant and back, across a daylight-saving change too', () => {
    expect(instantOfWallTime('2026-11-24T14:00', zone)?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(wallTimeOf('2026-11-24T16:30:00Z', zone)).toBe('2026-11-25T00:30');
    expect(instantOfWallTime('2026-03-08T08:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(instantOfWallTime('2026-03-07T08:00', 'America/New_York')?.toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(instantOfWallTime('not a time', zone)).toBeNull();
  });
});

describe('binding machines', () => {
  const binding: PromotionBinding = {
    promotionId: 7,
    places: [
      {
        id: 1,
        name: 'Xinyi',
        timeZone: zone,
        machines: [
          { id: 11, name: 'Washer 1', bound: true, conflict: null },
          { id: 12, name: 'Washer 2', bound: false, conflict: null },
          { id: 13, name: 'Washer 3', bound: false, conflict: { promotionId: 3, name: 'Mornings' } },
        ],
      },
      { id: 2, name: 'Da-an', timeZone: zone, machines: [{ id: 21, name: 'Dryer 3', bound: false, conflict: null }] },
    ],
  };
  const [xinyi, daan] = binding.places as [PromotionBinding['places'][number], PromotionBinding['places'][number]];

  it('selects all of a place or of every place, leaving machines another promotion holds, and deselects all', () => {
    const start = boundIds(binding);
    expect([...start]).toEqual([11]);
    expect(placeState(start, xinyi)).toBe('some');
    const place = selectAll(start, [xinyi]);
    expect([...place].sort()).toEqual([11, 12]);
    const everything = selectAll(start, binding.places);
    expect([...everything].sort()).toEqual([11, 12, 21]);
    expect(placeState(everything, daan)).toBe('all');
    expect(placeState(deselectAll(everything, [xinyi]), xinyi)).toBe('none');
    expect([...deselectAll(everything, binding.places)]).toEqual([]);
    // A held machine can still be chosen by hand: the api then answers 1109004 naming the other promotion.
    expect(bindingBody(toggle(everything, 13, true))).toEqual({ deviceIds: [11, 12, 13, 21], placeIds: [] });
  });

  it('keeps the api’s 1109004 message, which names the other promotion', async () => {
    api.answer((_request, response) =>
      json(response, 478, {
        code: 1109004,
        message: "The device's binding time overlaps another promotion: Mornings.",
      }),
    );
    const failure = await fetchPromotionBindingUpdate(7, { deviceIds: [13], placeIds: [] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(1109004);
    expect(otherPromotionName((failure as ApiError).serverMessage)).toBe('Mornings');
    expect(JSON.parse(api.requests[0]?.body ?? '')).toEqual({ deviceIds: [13], placeIds: [] });
    expect(otherPromotionName(undefined)).toBeNull();
  });
});

describe('stopping a promotion', () => {
  it('asks first, naming it, then stops it', async () => {
    api.answer((_request, response) =>
      json(response, 200, { result: samplePromotion({ status: 'disabled', disabledAt: now.toISOString() }) }),
    );
    ui.dialogs.length = 0;
    const stopped = await confirmStop(samplePromotion(), t, () => fetchPromotionStop(7));
    expect(stopped).toBe(true);
    expect(ui.dialogs[0]).toMatchObject({ cancel: true, title: 'Stop this promotion?' });
    expect(String(ui.dialogs[0]?.content)).toContain('Lunch happy hour');
    expect(api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/v1/promotion/7/stop']);
  });

  it('sends nothing when the merchant keeps it running', async () => {
    registerMessageHost({ showMessage: async () => false, notify: () => undefined });
    try {
      const stopped = await confirmStop(samplePromotion(), t, () => fetchPromotionStop(7));
      expect(stopped).toBe(false);
      expect(api.requests).toEqual([]);
    } finally {
      installFakeUi();
    }
  });
});
