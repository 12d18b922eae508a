import { ErrorCode, type PaymentProvider, type PaymentStatus } from '@sbo/contracts';
import { AppError } from '../lib/app-error';

// The one interface every online payment provider implements (docs/payments.md). A gateway is
// made per merchant (its credentials); amounts are integer minor units of `currency`.

export type NewPayment = {
  /** The shop's order id: unique per merchant, echoed by the provider. */
  orderId: string;
  amount: number;
  currency: string;
  /** What the consumer sees on the provider's page. */
  description: string;
  /** Where the provider sends the consumer after approving / after cancelling or declining. */
  returnUrl: string;
  cancelUrl: string;
  lang: string;
};

export type CreatedPayment = { providerPaymentId: string; redirectUrl: string };

/** What the order says the payment must be; every confirmation is checked against it. */
type ExpectedPayment = { orderId: string; amount: number; currency: string };

export type PaymentConfirmation = {
  expected: ExpectedPayment;
  /** The query (or form) the provider sent back to the return URL, as received. */
  callback: Record<string, string | undefined>;
};

export type ConfirmedPayment = {
  providerPaymentId: string;
  status: Extract<PaymentStatus, 'paid' | 'failed'>;
  amount: number;
  currency: string;
  /** True only for the call that finalised the payment: a repeated confirmation is answered, not re-done. */
  firstConfirmation: boolean;
};

export type PaymentLookup = { providerPaymentId: string } | { orderId: string };

export type PaymentState = {
  providerPaymentId: string;
  orderId: string | null;
  status: PaymentStatus;
  /** Null while the provider does not report it (LINE Pay before the confirm step). */
  amount: number | null;
  currency: string | null;
  refunded: number;
};

export type PaymentGateway = {
  readonly provider: PaymentProvider;
  createPayment(payment: NewPayment): Promise<CreatedPayment>;
  /** Which payment a return-URL callback is about, before the order is loaded. */
  readCallback(callback: Record<string, string | undefined>): { providerPaymentId: string; orderId: string | null };
  /** Verifies the provider's confirmation against the order and finalises it; idempotent. */
  confirm(confirmation: PaymentConfirmation): Promise<ConfirmedPayment>;
  query(lookup: PaymentLookup): Promise<PaymentState>;
  refund(providerPaymentId: string, amount: number): Promise<{ refundId: string }>;
};

/**
 * Any provider failure or refused confirmation: catalogue code 10010 to the caller, with the
 * provider's own code and reason kept for logs (never shown to the consumer).
 */
export class PaymentFailed extends AppError {
  readonly provider: PaymentProvider;
  readonly providerCode: string | null;
  readonly reason: string;

  constructor(provider: PaymentProvider, reason: string, providerCode: string | null = null) {
    super(ErrorCode.PAYMENT_FAILED);
    this.provider = provider;
    this.reason = reason;
    this.providerCode = providerCode;
  }
}

/** A positive whole number of minor units, or the payment fails before reaching the provider. */
export function checkAmount(provider: PaymentProvider, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentFailed(provider, `invalid amount ${amount}`);
}

/**
 * What the consumer's page gets for an order it created (or repeated): the order and where to pay.
 * An order the provider gave no payment address failed (10010).
 */
export function paymentRedirect(order: { publicId: string; redirectUrl: string | null } | null) {
  if (!order?.redirectUrl) throw new AppError(ErrorCode.PAYMENT_FAILED);
  return { orderId: order.publicId, redirectUrl: order.redirectUrl };
}
