import { type PaymentGateway, transactionStatuses } from './constants';

/**
 * How each payment gateway's money reaches the merchant.
 * - `cash`: collected in the machine's cash box; never passes through the wallet (status offline).
 * - `selfSettled`: the merchant's own acquiring contract pays them directly (status self-settled).
 * - `platform`: collected by the platform, posted to the wallet after `postingDays`, less `feeBps`.
 * - `free`: a promotion's free cycle: no money moved, so no gateway (status 90, never revenue).
 */
type SettlementRule =
  | { kind: 'cash' }
  | { kind: 'selfSettled' }
  | { kind: 'platform'; postingDays: number; feeBps: number }
  | { kind: 'free' };

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
  free: { kind: 'free' },
};

/** The label a free cycle is recorded under: no gateway took money for it. */
export const freeCycleGateway = 'free' as const satisfies PaymentGateway;

/**
 * Gateways of the merchant's own cards (member card `ESVC`, OK card `cash-card`): the api itself
 * approves each spend over the device protocol, so a sale with one of them is money only when it
 * names a card payment the api approved.
 */
export const cardGateways = ['ESVC', 'cash-card'] as const satisfies readonly PaymentGateway[];
export const isCardGateway = (gateway: PaymentGateway): boolean =>
  (cardGateways as readonly string[]).includes(gateway);

/** Whether a machine's sale with this gateway must be matched to a confirmed payment to count. */
export const needsConfirmation = (gateway: PaymentGateway): boolean =>
  settlementRules[gateway].kind === 'platform' || isCardGateway(gateway);

/**
 * A payment confirmed outside the machine: a checkout order a gateway says was paid (and not
 * refunded), or a card payment the api approved (and not voided).
 */
export type ConfirmedPayment = { orderId: string; payGateway: PaymentGateway; amount: number };

/**
 * Whether a sale a machine reports is money. A platform gateway's sale is only when a payment order
 * with its order id, gateway and the amount the gateway took (the sale less remote credit) was
 * confirmed by the gateway; a card gateway's sale (`ESVC`, `cash-card`) only when it names a card
 * payment the api approved for that amount: a controller's word alone is not money. Cash and the
 * other self-settled sales never pass through the platform, so there is nothing to match.
 * The seam: the api looks the order or the card payment up (`gateway/payment-confirmation.ts`).
 */
export function isVerifiedPayment(
  sale: { payGateway: PaymentGateway; orderId?: string | null; amount: number; encore?: number | null },
  confirmed: ConfirmedPayment | null,
): boolean {
  if (!needsConfirmation(sale.payGateway)) return true;
  if (!confirmed || !sale.orderId) return false;
  const collected = sale.amount - (sale.encore ?? 0);
  return (
    confirmed.orderId === sale.orderId && confirmed.payGateway === sale.payGateway && confirmed.amount === collected
  );
}

/**
 * The status a new sale starts in; an unverified platform or card sale (status 97) never settles,
 * counts as revenue nor reaches the wallet.
 */
export function initialTransactionStatus(gateway: PaymentGateway, verified: boolean): number {
  const rule = settlementRules[gateway];
  if (rule.kind === 'cash') return transactionStatuses.offline;
  if (rule.kind === 'free') return transactionStatuses.freePromotion;
  if (rule.kind === 'selfSettled') {
    return isCardGateway(gateway) && !verified ? transactionStatuses.unverified : transactionStatuses.selfSettled;
  }
  return verified ? transactionStatuses.inSettlement : transactionStatuses.unverified;
}

/**
 * How a sale settles: its starting status, the money the gateway collected (the sale less remote
 * credit), the fee on it, and after how many days it posts (platform gateways only). One rule for a
 * machine's sale report and for a checkout order's sale.
 */
export function saleSettlement(
  sale: { payGateway: PaymentGateway; amount: number; encore?: number | null },
  verified: boolean,
): { status: number; collected: number; fee: number; postingDays: number | null } {
  const collected = Math.max(0, sale.amount - (sale.encore ?? 0));
  const rule = settlementRules[sale.payGateway];
  return {
    status: initialTransactionStatus(sale.payGateway, verified),
    collected,
    fee: mobilePaymentFee(sale.payGateway, collected),
    postingDays: rule.kind === 'platform' ? rule.postingDays : null,
  };
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

const exponents = new Map<string, number>();

/**
 * Decimal places of a currency's minor unit (TWD 2, JPY 0, KWD 3), per CLDR. Kept per currency: making an
 * Intl.NumberFormat costs a phone's browser a few milliseconds, and a page asks this for every amount.
 */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}
