import type { PaymentGateway } from '@sbo/contracts';

/**
 * Cash a simulated machine handles, in integer minor units (ISO 4217 exponent 2 for all of these).
 * Prices in the machines are written as a number of coins, so they read sensibly in each currency.
 */
export type CurrencyProfile = {
  code: string;
  /** The coin machines take and coin dispensers hold. */
  coin: number;
  /** Notes bill acceptors take, smallest first. */
  notes: readonly number[];
  /**
   * Payment gateways customers here use, besides cash. Never the card gateways (`ESVC`, `cash-card`):
   * card payments go through the card reader and the server's approval (docs/device-protocol.md
   * section 9); a card sale no approval names is not money.
   */
  gateways: readonly PaymentGateway[];
};

export const currencies = {
  TWD: {
    code: 'TWD',
    coin: 1_000,
    notes: [10_000, 50_000, 100_000],
    gateways: ['LinePay', 'JkoPay', 'ApplePay', 'GooglePay', 'PlusPay', 'icash Pay', 'TWQR', 'EDC'],
  },
  HKD: {
    code: 'HKD',
    coin: 1_000,
    notes: [2_000, 5_000, 10_000],
    gateways: ['Octopus', 'AliPay', 'WeChat Pay', 'ApplePay', 'GooglePay'],
  },
  THB: {
    code: 'THB',
    coin: 1_000,
    notes: [2_000, 10_000, 50_000],
    gateways: ['PromptPay', 'TrueMoney', 'LinePay', 'GrabPay'],
  },
  MYR: { code: 'MYR', coin: 100, notes: [100, 500, 1_000], gateways: ['TouchNGo', 'DuitNow', 'GrabPay', 'EDC'] },
} as const satisfies Record<string, CurrencyProfile>;
export type CurrencyCode = keyof typeof currencies;
export const currencyCodes = Object.keys(currencies) as CurrencyCode[];
