import { randomBytes } from 'node:crypto';
import { ErrorCode, sandboxOutcomes, type PaymentStatus, type SandboxOutcome } from '@sbo/contracts';
import type { Database } from '../db/client';
import type { SandboxPaymentState } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { checkAmount, PaymentFailed, type PaymentGateway } from './gateway';
import * as repo from './sandbox-repository';
import { isSandboxSignatureValid, signSandboxDecision } from './sandbox-signature';

export type SandboxDeps = {
  db: Database;
  clock: Clock;
  /** HMAC key of the sandbox's signed confirmations (a shared secret of the app). */
  signingKey: string;
  /** The api's public origin: the approve / decline page is served at `/api/v1/pay/sandbox/:id`. */
  publicUrl: string;
};

const statusOf: Record<SandboxPaymentState, PaymentStatus> = {
  pending: 'pending',
  approved: 'pending',
  declined: 'failed',
  paid: 'paid',
  refunded: 'refunded',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
const failed = (reason: string) => new PaymentFailed('sandbox', reason);

/** The sandbox as the shop sees it: one merchant's gateway. */
export function sandboxGateway(deps: SandboxDeps, merchantId: number): PaymentGateway {
  const { db, clock, signingKey, publicUrl } = deps;

  return {
    provider: 'sandbox',

    async createPayment(payment) {
      checkAmount('sandbox', payment.amount);
      const id = newId('sbx');
      const stored = await repo.insertSandboxPayment(db, { id, merchantId, ...payment, createdAt: clock.now() });
      if (!stored) throw failed(`order ${payment.orderId} already has a payment`);
      return { providerPaymentId: id, redirectUrl: `${publicUrl}/api/v1/pay/sandbox/${id}` };
    },

    readCallback(callback) {
      if (!callback.paymentId) throw failed('callback without paymentId');
      return { providerPaymentId: callback.paymentId, orderId: callback.orderId ?? null };
    },

    async confirm({ expected, callback }) {
      const { paymentId, outcome, signature } = callback;
      const amount = Number(callback.amount);
      const currency = callback.currency ?? '';
      if (!paymentId || !signature || !sandboxOutcomes.includes(outcome as SandboxOutcome)) {
        throw failed('incomplete confirmation');
      }
      const facts = { paymentId, amount, currency, outcome: outcome as SandboxOutcome };
      if (!isSandboxSignatureValid(signingKey, facts, signature)) throw failed('bad signature');
      if (amount !== expected.amount || currency !== expected.currency) {
        throw failed(`confirmed ${amount} ${currency}, order is ${expected.amount} ${expected.currency}`);
      }
      const payment = await repo.findMerchantSandboxPayment(db, merchantId, { id: paymentId });
      if (!payment || payment.orderId !== expected.orderId) throw failed('no such payment for this order');
      if (payment.amount !== expected.amount || payment.currency !== expected.currency) {
        throw failed('the payment was created for another amount');
      }
      const from = facts.outcome === 'approve' ? 'approved' : 'declined';
      const first = await repo.confirmSandboxPayment(db, merchantId, paymentId, from, clock.now());
      const now = first ? null : await repo.findMerchantSandboxPayment(db, merchantId, { id: paymentId });
      const settled = from === 'approved' ? ['paid', 'refunded'] : ['declined'];
      if (!first && !settled.includes(now?.state ?? '')) throw failed(`payment is ${now?.state}`);
      return {
        providerPaymentId: paymentId,
        status: from === 'approved' ? 'paid' : 'failed',
        amount,
        currency,
        firstConfirmation: first,
      };
    },

    async query(lookup) {
      const found = await repo.findMerchantSandboxPayment(
        db,
        merchantId,
        'providerPaymentId' in lookup ? { id: lookup.providerPaymentId } : lookup,
      );
      if (!found) throw failed('no such payment');
      return {
        providerPaymentId: found.id,
        orderId: found.orderId,
        status: statusOf[found.state],
        amount: found.amount,
        currency: found.currency,
        refunded: found.refunded,
      };
    },

    async refund(providerPaymentId, amount) {
      checkAmount('sandbox', amount);
      const refundId = newId('sbr');
      if (!(await repo.refundSandboxPayment(db, merchantId, providerPaymentId, refundId, amount))) {
        throw failed('not paid, or the refund is more than what is left');
      }
      return { refundId };
    },
  };
}

/** The sandbox as the consumer sees it: the page and the choice it posts. */
export function sandboxConsumerSide(deps: SandboxDeps) {
  const { db, clock, signingKey } = deps;

  return {
    async payment(paymentId: string) {
      const payment = await repo.findSandboxPayment(db, paymentId);
      if (!payment) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return payment;
    },

    /** Records the choice once and answers where to send the consumer, with the signed outcome. */
    async decide(paymentId: string, outcome: SandboxOutcome): Promise<string> {
      const payment = await this.payment(paymentId);
      const decided = await repo.decideSandboxPayment(
        db,
        paymentId,
        outcome === 'approve' ? 'approved' : 'declined',
        clock.now(),
      );
      if (!decided) throw failed(`payment was already ${payment.state}`);
      const facts = { paymentId, amount: payment.amount, currency: payment.currency, outcome };
      const target = new URL(outcome === 'approve' ? payment.returnUrl : payment.cancelUrl);
      const callback = {
        paymentId,
        orderId: payment.orderId,
        outcome,
        amount: String(payment.amount),
        currency: payment.currency,
        signature: signSandboxDecision(signingKey, facts),
      };
      for (const [name, value] of Object.entries(callback)) target.searchParams.set(name, value);
      return target.toString();
    },
  };
}
