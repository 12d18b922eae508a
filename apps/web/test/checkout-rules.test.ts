import type { CheckoutMachine, CheckoutOrder } from '@sbo/contracts/schemas/checkout';
import { describe, expect, it } from 'vitest';
import { consumerLanguage } from '../src/lib/languages';
import { checkoutAddressOf, checkoutThemeOf, machineSelector } from '../src/features/checkout/utils/checkout-address';
import { mbCheckoutLink, placeStatusLink } from '../src/features/checkout/utils/external-links';
import { paymentReadiness, worthRefreshing } from '../src/features/checkout/utils/machine-readiness';
import { nextPoll, orderProgress } from '../src/features/checkout/utils/order-progress';
import {
  amountPrice,
  amountProblem,
  minutesPrice,
  mostMinutes,
  parseTyped,
  startingMinutes,
} from '../src/features/checkout/utils/purchase';

const machine = (overrides: Partial<CheckoutMachine> = {}) => ({
  state: 'free' as const,
  courses: [{ code: 'std', name: 'Standard', price: 6000 }],
  methods: [{ gateway: 'LinePay' as const, sandbox: false }],
  paymentSetUp: true,
  canPay: true,
  ...overrides,
});

describe('whether a machine takes a payment, and why not', () => {
  it('offers payment for a free machine with courses and a method', () => {
    expect(paymentReadiness(machine())).toEqual({ canPay: true });
  });

  it('names the state of a machine that cannot start, whatever the lists hold', () => {
    for (const state of ['inUse', 'offline', 'fault'] as const)
      expect(paymentReadiness(machine({ state, canPay: false }))).toEqual({ canPay: false, reason: state });
  });

  it('says a free machine lacks courses or methods, and never offers what the api refuses', () => {
    expect(paymentReadiness(machine({ courses: [], canPay: false }))).toEqual({ canPay: false, reason: 'noCourses' });
    expect(paymentReadiness(machine({ canPay: false }))).toEqual({ canPay: false, reason: 'unavailable' });
  });

  it('says pay by phone is not set up before anything else: no state or refresh will change it', () => {
    const notSetUp = { methods: [], paymentSetUp: false, canPay: false };
    expect(paymentReadiness(machine(notSetUp))).toEqual({ canPay: false, reason: 'notSetUp' });
    expect(paymentReadiness(machine({ ...notSetUp, state: 'inUse' }))).toEqual({ canPay: false, reason: 'notSetUp' });
  });

  it('offers more minutes for a running dryer the api says can take them, and nothing else', () => {
    expect(paymentReadiness(machine({ state: 'inUse', canPay: false, canTopUp: true }))).toEqual({
      canPay: true,
      topUp: true,
    });
    expect(paymentReadiness(machine({ state: 'inUse', canPay: false, canTopUp: false }))).toEqual({
      canPay: false,
      reason: 'inUse',
    });
    // A machine that sells by amount or time has no courses, and is payable all the same.
    const bay = machine({
      courses: [],
      offer: { way: 'amount', min: 2000, max: 50000, step: 1000, suggested: [], discount: null },
    });
    expect(paymentReadiness(bay)).toEqual({ canPay: true });
  });

  it('offers a refresh only when waiting may help', () => {
    expect(['inUse', 'offline', 'fault', 'unavailable'].every((r) => worthRefreshing(r as 'inUse'))).toBe(true);
    expect(worthRefreshing('noCourses')).toBe(false);
    expect(worthRefreshing('notSetUp')).toBe(false);
  });
});

const order = (status: CheckoutOrder['status'], history: CheckoutOrder['status'][]) => ({
  status,
  history: history.map((entry) => ({ status: entry, at: '2026-11-22T02:00:00Z' })),
});

describe("an order's progress in steps", () => {
  it('waits for the payment first, then for the machine', () => {
    expect(orderProgress(order('created', ['created'])).steps.map((s) => s.state)).toEqual([
      'current',
      'waiting',
      'waiting',
    ]);
    expect(orderProgress(order('paid', ['created', 'paid'])).steps.map((s) => s.state)).toEqual([
      'done',
      'current',
      'waiting',
    ]);
    expect(orderProgress(order('credited', ['created', 'paid', 'credited']))).toMatchObject({
      outcome: 'waiting',
      steps: [{ state: 'done' }, { state: 'done' }, { state: 'current' }],
    });
  });

  it('marks every step done once the cycle started', () => {
    const progress = orderProgress(order('started', ['created', 'paid', 'credited', 'started']));
    expect(progress.outcome).toBe('started');
    expect(progress.steps.every((step) => step.state === 'done')).toBe(true);
  });

  it('shows where a refunded order stopped, and that it was paid', () => {
    const progress = orderProgress(order('refunded', ['created', 'paid', 'refunded']));
    expect(progress).toMatchObject({ outcome: 'refunded', wasPaid: true });
    expect(progress.steps.map((s) => s.state)).toEqual(['done', 'failed', 'waiting']);
  });

  it('tells a payment that failed from a machine that failed after payment', () => {
    expect(orderProgress(order('failed', ['created', 'failed']))).toMatchObject({
      outcome: 'failed',
      wasPaid: false,
      steps: [{ state: 'failed' }, { state: 'waiting' }, { state: 'waiting' }],
    });
    expect(orderProgress(order('failed', ['created', 'paid', 'credited', 'failed']))).toMatchObject({
      outcome: 'failed',
      wasPaid: true,
      steps: [{ state: 'done' }, { state: 'done' }, { state: 'failed' }],
    });
  });

  it('polls every 1.5 s until a final status', () => {
    expect(nextPoll(undefined)).toBe(1500);
    for (const status of ['created', 'paid', 'credited'] as const) expect(nextPoll(status)).toBe(1500);
    for (const status of ['started', 'failed', 'cancelled', 'refunded'] as const) expect(nextPoll(status)).toBe(false);
  });
});

const unset = { mbAppUrl: null, mbBrand: null, placeStatusUrl: null, placeStatusVersion: null };
const configured = {
  mbAppUrl: 'https://mb.example.com/pay?from=qr',
  mbBrand: 'mb laundry',
  placeStatusUrl: 'https://status.example.com/place',
  placeStatusVersion: '2',
};

describe('links to the external pages', () => {
  it('sends /mb/checkout to the MB app with subId and brand, keeping its own query', () => {
    expect(mbCheckoutLink(configured, 'HW 01&x')).toBe(
      'https://mb.example.com/pay?from=qr&subId=HW+01%26x&brand=mb+laundry',
    );
  });

  it('sends the place-status pages on with placeId and the FN version or the MB brand', () => {
    expect(placeStatusLink(configured, 'fn', '42')).toBe('https://status.example.com/place?placeId=42&version=2');
    expect(placeStatusLink(configured, 'mb', '42')).toBe(
      'https://status.example.com/place?placeId=42&brand=mb+laundry',
    );
  });

  it('builds no link when a setting is missing', () => {
    expect(mbCheckoutLink(unset, 'HW01')).toBeNull();
    expect(mbCheckoutLink({ ...configured, mbBrand: null }, 'HW01')).toBeNull();
    expect(placeStatusLink(unset, 'fn', '42')).toBeNull();
    expect(placeStatusLink({ ...configured, placeStatusVersion: null }, 'fn', '42')).toBeNull();
    expect(placeStatusLink({ ...configured, mbBrand: null }, 'mb', '42')).toBeNull();
    expect(placeStatusLink({ ...configured, placeStatusUrl: 'not a url' }, 'fn', '42')).toBeNull();
  });
});

describe('checkout addresses', () => {
  it('reads the machine from hwid or deviceId', () => {
    expect(machineSelector(new URLSearchParams('hwid=AB12'))).toEqual({ hwid: 'AB12' });
    expect(machineSelector(new URLSearchParams('deviceId=7'))).toEqual({ deviceId: 7 });
    expect(machineSelector(new URLSearchParams('deviceId=0'))).toBeNull();
    expect(machineSelector(new URLSearchParams('deviceId=abc'))).toBeNull();
    expect(machineSelector(new URLSearchParams(''))).toBeNull();
  });

  it('pays in the theme of the page and leads back to that checkout', () => {
    expect(checkoutThemeOf('/fn/checkout')).toBe('fn');
    expect(checkoutThemeOf('/custom/checkout')).toBe('custom');
    expect(checkoutAddressOf({ theme: 'fn', device: { id: 9, name: 'W1' } })).toBe('/fn/checkout?deviceId=9');
  });

  it("speaks the consumer's language, English when the browser names none of ours", () => {
    expect(consumerLanguage(null, ['th-TH', 'en'])).toBe('th');
    expect(consumerLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(consumerLanguage('vi', ['th-TH'])).toBe('vi');
  });
});

describe('what a purchase costs, as the api prices it', () => {
  const amount = { way: 'amount' as const, min: 2000, max: 50_000, step: 1000, suggested: [2000], discount: null };
  const time = { way: 'time' as const, stepMinutes: 8, maxMinutes: 56, price: 1000, topUp: true };

  it('reads a typed amount in whole currency units, and says what is wrong with it', () => {
    expect(parseTyped('70', 'TWD')).toBe(7000);
    expect(parseTyped('1.5', 'MYR')).toBe(150);
    expect(parseTyped('7x', 'TWD')).toBeNull();
    expect(amountProblem(amount, 'TWD', '70')).toBeNull();
    expect(amountProblem(amount, 'TWD', '75')).toBe('coins');
    expect(amountProblem(amount, 'TWD', '10')).toBe('range');
    expect(amountProblem(amount, 'TWD', '600')).toBe('range');
    expect(amountProblem(amount, 'TWD', '')).toBe('format');
  });

  it('lowers an amount by a happy hour as the api does, to the coin', () => {
    expect(amountPrice(amount, 10_000)).toEqual({ price: 10_000 });
    const off = { ...amount, discount: { kind: 'percent' as const, value: 20, calculation: 'round' as const } };
    expect(amountPrice(off, 10_000)).toEqual({ price: 8000, normalPrice: 10_000 });
    expect(amountPrice(off, 7000)).toEqual({ price: 6000, normalPrice: 7000 });
  });

  it('prices minutes by the step, and keeps a top-up within one extension', () => {
    expect(minutesPrice(time, 40)).toEqual({ price: 5000 });
    expect(minutesPrice({ ...time, price: 800, normalPrice: 1000 }, 16)).toEqual({ price: 1600, normalPrice: 2000 });
    expect(startingMinutes(time, false)).toBe(40);
    expect(startingMinutes(time, true)).toBe(8);
    expect(mostMinutes({ ...time, maxMinutes: 240 }, true)).toBe(120);
    expect(mostMinutes(time, true)).toBe(56);
  });
});
