import type { PaymentStatus } from '@sbo/contracts';
import { currencyExponent } from '@sbo/contracts/settlement';
import { checkAmount, PaymentFailed, type PaymentGateway, type PaymentState } from './gateway';
import type { LinePayAnswer, LinePayClient } from './line-pay-client';

// LINE Pay (Online API v3) behind the gateway interface. LINE Pay amounts are in the currency's
// major unit (TWD 100 is 100 dollars); the api's are minor units, converted here and only here.

const toLinePay = (amount: number, currency: string) => amount / 10 ** currencyExponent(currency);
const fromLinePay = (amount: number, currency: string) => Math.round(amount * 10 ** currencyExponent(currency));

/** The payment page's language: LINE Pay's `options.display.locale` values. */
const localeOf = (lang: string) =>
  ({ 'zh-TW': 'zh_TW', 'zh-HK': 'zh_TW', 'zh-CN': 'zh_CN', th: 'th', ja: 'ja', ko: 'ko' })[lang] ?? 'en';

/** The check API's codes (`GET /v3/payments/requests/{transactionId}/check`). */
const checkedStatus: Record<string, PaymentStatus> = {
  '0000': 'pending',
  '0110': 'pending',
  '0121': 'cancelled',
  '0122': 'failed',
  '0123': 'paid',
};

function accepted<T>(answer: LinePayAnswer<T>, what: string): T {
  if (answer.returnCode !== '0000' || answer.info === undefined) {
    throw new PaymentFailed('linePay', `${what}: ${answer.returnMessage}`, answer.returnCode);
  }
  return answer.info;
}

/** One merchant's LINE Pay channel as a payment gateway. */
export function linePayGateway(client: LinePayClient): PaymentGateway {
  async function paidPayment(
    lookup: { transactionId: string } | { orderId: string },
  ): Promise<PaymentState & { currency: string }> {
    const payments = accepted(await client.details(lookup), 'payment details');
    const payment = payments.find((p) => p.transactionType === 'PAYMENT');
    if (!payment) throw new PaymentFailed('linePay', 'no payment in the details');
    const amount = fromLinePay(
      payment.payInfo.reduce((sum, part) => sum + part.amount, 0),
      payment.currency,
    );
    const refunded = fromLinePay(
      (payment.refundList ?? []).reduce((sum, r) => sum + Math.abs(r.refundAmount), 0),
      payment.currency,
    );
    return {
      providerPaymentId: payment.transactionId,
      orderId: payment.orderId ?? null,
      status: refunded >= amount ? 'refunded' : 'paid',
      amount,
      currency: payment.currency,
      refunded,
    };
  }

  return {
    provider: 'linePay',

    async createPayment(payment) {
      checkAmount('linePay', payment.amount);
      const amount = toLinePay(payment.amount, payment.currency);
      const info = accepted(
        await client.request({
          amount,
          currency: payment.currency,
          orderId: payment.orderId,
          packages: [
            { id: payment.orderId, amount, products: [{ name: payment.description, quantity: 1, price: amount }] },
          ],
          redirectUrls: { confirmUrl: payment.returnUrl, cancelUrl: payment.cancelUrl },
          options: { display: { locale: localeOf(payment.lang) } },
        }),
        'request',
      );
      return { providerPaymentId: info.transactionId, redirectUrl: info.paymentUrl.web };
    },

    readCallback(callback) {
      if (!callback.transactionId || !/^\d{1,32}$/.test(callback.transactionId)) {
        throw new PaymentFailed('linePay', 'callback without transactionId');
      }
      return { providerPaymentId: callback.transactionId, orderId: callback.orderId ?? null };
    },

    /** LINE Pay signs nothing back: the confirm API, called with the order's amount, is the proof. */
    async confirm({ expected, callback }) {
      const { providerPaymentId, orderId } = this.readCallback(callback);
      if (orderId !== null && orderId !== expected.orderId) throw new PaymentFailed('linePay', 'order id differs');
      const answer = await client.confirm(providerPaymentId, {
        amount: toLinePay(expected.amount, expected.currency),
        currency: expected.currency,
      });
      if (answer.returnCode === '0000' && answer.info) {
        const paid = fromLinePay(
          answer.info.payInfo.reduce((sum, part) => sum + part.amount, 0),
          expected.currency,
        );
        if (answer.info.orderId !== expected.orderId || paid !== expected.amount) {
          throw new PaymentFailed('linePay', `confirmed ${paid} for ${answer.info.orderId}`);
        }
        const { amount, currency } = expected;
        return { providerPaymentId, status: 'paid', amount, currency, firstConfirmation: true };
      }
      // A repeated confirmation: LINE Pay refuses the second confirm; what it already holds decides.
      const state = await this.query({ providerPaymentId }).catch(() => null);
      const same =
        state?.orderId === expected.orderId && state.amount === expected.amount && state.currency === expected.currency;
      if (state && same && (state.status === 'paid' || state.status === 'refunded')) {
        const { amount, currency } = expected;
        return { providerPaymentId, status: 'paid', amount, currency, firstConfirmation: false };
      }
      throw new PaymentFailed('linePay', `confirm: ${answer.returnMessage}`, answer.returnCode);
    },

    async query(lookup) {
      if ('orderId' in lookup) return paidPayment({ orderId: lookup.orderId });
      const checked = await client.check(lookup.providerPaymentId);
      const status = checkedStatus[checked.returnCode];
      if (!status) {
        throw new PaymentFailed('linePay', `check: ${checked.returnMessage}`, checked.returnCode);
      }
      if (status === 'paid') return paidPayment({ transactionId: lookup.providerPaymentId });
      const { providerPaymentId } = lookup;
      return { providerPaymentId, orderId: null, status, amount: null, currency: null, refunded: 0 };
    },

    async refund(providerPaymentId, amount) {
      checkAmount('linePay', amount);
      const { currency } = await paidPayment({ transactionId: providerPaymentId });
      const info = accepted(
        await client.refund(providerPaymentId, { refundAmount: toLinePay(amount, currency) }),
        'refund',
      );
      return { refundId: info.refundTransactionId };
    },
  };
}
