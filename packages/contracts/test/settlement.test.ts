import { describe, expect, it } from 'vitest';
import { paymentGateways, transactionStatuses } from '../src/constants';
import {
  cardGateways,
  initialTransactionStatus,
  isCardGateway,
  isVerifiedPayment,
  needsConfirmation,
  saleSettlement,
  settlementRules,
} from '../src/settlement';

describe('isVerifiedPayment', () => {
  it('trusts cash and the self-settled acquirers without a match', () => {
    for (const payGateway of ['offline', 'EDC', 'Octopus'] as const) {
      expect(isVerifiedPayment({ payGateway, amount: 6000 }, null)).toBe(true);
    }
  });

  it('counts a platform sale only when a confirmed order with its id, gateway and collected amount matches', () => {
    const sale = { payGateway: 'LinePay' as const, orderId: 'o-1', amount: 6000, encore: 1000 };
    expect(isVerifiedPayment(sale, null)).toBe(false);
    expect(isVerifiedPayment(sale, { orderId: 'o-1', payGateway: 'LinePay', amount: 5000 })).toBe(true);
    expect(isVerifiedPayment(sale, { orderId: 'o-1', payGateway: 'LinePay', amount: 6000 })).toBe(false);
    expect(isVerifiedPayment(sale, { orderId: 'o-2', payGateway: 'LinePay', amount: 5000 })).toBe(false);
    expect(isVerifiedPayment(sale, { orderId: 'o-1', payGateway: 'JkoPay', amount: 5000 })).toBe(false);
    expect(
      isVerifiedPayment({ ...sale, orderId: undefined }, { orderId: 'o-1', payGateway: 'LinePay', amount: 5000 }),
    ).toBe(false);
  });

  it("does not take a machine's word for a card sale: it must name a card payment the api approved", () => {
    for (const payGateway of cardGateways) {
      const sale = { payGateway, orderId: 'card-7', amount: 6000 };
      expect(isVerifiedPayment(sale, null)).toBe(false);
      expect(isVerifiedPayment({ payGateway, amount: 6000 }, null)).toBe(false);
      expect(isVerifiedPayment(sale, { orderId: 'card-7', payGateway, amount: 6000 })).toBe(true);
      expect(isVerifiedPayment(sale, { orderId: 'card-7', payGateway, amount: 5000 })).toBe(false);
      expect(isVerifiedPayment(sale, { orderId: 'card-8', payGateway, amount: 6000 })).toBe(false);
    }
    // A member-card approval does not stand for an OK-card sale, nor the reverse.
    expect(
      isVerifiedPayment(
        { payGateway: 'cash-card', orderId: 'card-7', amount: 6000 },
        { orderId: 'card-7', payGateway: 'ESVC', amount: 6000 },
      ),
    ).toBe(false);
  });

  it('needs a confirmation exactly for the platform and card gateways', () => {
    for (const gateway of paymentGateways) {
      const expected = settlementRules[gateway].kind === 'platform' || gateway === 'ESVC' || gateway === 'cash-card';
      expect(needsConfirmation(gateway), gateway).toBe(expected);
      expect(isCardGateway(gateway), gateway).toBe(gateway === 'ESVC' || gateway === 'cash-card');
    }
  });
});

describe('initialTransactionStatus', () => {
  it('starts cash offline, self-settled as such, platform in settlement or unverified', () => {
    expect(initialTransactionStatus('offline', false)).toBe(transactionStatuses.offline);
    expect(initialTransactionStatus('EDC', false)).toBe(transactionStatuses.selfSettled);
    expect(initialTransactionStatus('LinePay', true)).toBe(transactionStatuses.inSettlement);
    expect(initialTransactionStatus('LinePay', false)).toBe(transactionStatuses.unverified);
  });

  it('starts a verified card sale self-settled and an unverified one unverified (97)', () => {
    for (const gateway of cardGateways) {
      expect(initialTransactionStatus(gateway, true)).toBe(transactionStatuses.selfSettled);
      expect(initialTransactionStatus(gateway, false)).toBe(transactionStatuses.unverified);
      expect(saleSettlement({ payGateway: gateway, amount: 6000 }, false)).toEqual({
        status: transactionStatuses.unverified,
        collected: 6000,
        fee: 0,
        postingDays: null,
      });
    }
  });
});
