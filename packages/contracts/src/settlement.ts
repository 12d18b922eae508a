import { type PaymentGateway, transactionStatuses } from './constants';

/**
 * How each payment gateway's money reaches the merchant.
 * - `cash`: collected in the machine's cash box; never passes through the wallet (status offline).
 * - `selfSettled`: the merchant's own acquiring contract pays them directly (status self-settled).
 * - `platform`: collected by the platform, posted to the wallet after `postingDays`, less `feeBps`.
 */
export type SettlementRule =
  { kind: 'cash' } | { kind: 'selfSettled' } | { kind: 'platform'; postingDays: number; feeBps: number };

const platform = (postingDays: number, feeBps: number): SettlementRule => ({ kind: 'platform', postingDays, feeBps });

export const settlementRules: Record<PaymentGateway, SettlementRule> = {
  offline: { kind: 'cash' },
  'cash-card': { kind: 'selfSettled' },
  LinePay: platform(3, 300),
  JkoPay: platform(3, 280),
  ApplePay: platform(2, 250),
  GooglePay: platform(2, 250),
  PlusPay: platform(3, 280),
  'icash Pay': platform(3, 280),
  PromptPay: platform(1, 150),
  GrabPay: platform(2, 300),
  TouchNGo: platform(2, 250),
  MoMo: platform(2, 250),
  Octopus: { kind: 'selfSettled' },
  'WeChat Pay': platform(3, 300),
  AliPay: platform(3, 300),
  TrueMoney: platform(2, 250),
  EDC: { kind: 'selfSettled' },
  ESVC: { kind: 'selfSettled' },
  TWQR: platform(2, 200),
  DuitNow: platform(1, 150),
};

/** The status a new sale starts in. */
export function initialTransactionStatus(gateway: PaymentGateway): number {
  const rule = settlementRules[gateway];
  if (rule.kind === 'cash') return transactionStatuses.offline;
  if (rule.kind === 'selfSettled') return transactionStatuses.selfSettled;
  return transactionStatuses.inSettlement;
}

/** The platform's mobile-payment fee on a collected amount, in minor units, rounded half up. */
export function mobilePaymentFee(gateway: PaymentGateway, collected: number): number {
  const rule = settlementRules[gateway];
  return rule.kind === 'platform' ? Math.floor((collected * rule.feeBps + 5_000) / 10_000) : 0;
}

/** A flat fee per withdrawal, in the merchant currency's minor units. */
export const withdrawFeeByCurrency: Record<string, number> = {
  TWD: 1500,
  HKD: 500,
  THB: 2500,
  VND: 11000,
  MYR: 200,
  CNY: 500,
};
export const defaultWithdrawFee = 0;

/** Decimal places of a currency's minor unit (TWD 2, JPY 0, KWD 3), per CLDR. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
