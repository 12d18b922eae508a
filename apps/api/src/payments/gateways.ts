import type { PaymentGateway as PaymentMethod, PaymentProvider } from '@sbo/contracts';
import type { Executor } from '../db/client';
import type { CredentialStore } from './credentials';
import { PaymentFailed, type PaymentGateway } from './gateway';
import { createLinePayClient } from './line-pay-client';
import { linePayGateway } from './line-pay';
import { sandboxGateway, type SandboxDeps } from './sandbox-gateway';

type PaymentGatewaysDeps = {
  db: Executor;
  /** The built-in sandbox, only when PAYMENT_SANDBOX is on; null: no payment ever goes through it. */
  sandbox: SandboxDeps | null;
  credentials: CredentialStore;
  /** LINE Pay's API origin (LINE_PAY_API_URL). */
  linePayBaseUrl: string;
};

/**
 * The provider a payment method goes through, or null when none can take the payment: LINE Pay with
 * the merchant's own credentials; else the sandbox, only while it is on (never a fallback in production).
 */
function providerOf(method: PaymentMethod, ready: { linePay: boolean; sandbox: boolean }): PaymentProvider | null {
  if (method === 'LinePay' && ready.linePay) return 'linePay';
  return ready.sandbox ? 'sandbox' : null;
}

/** The one way to get a merchant's gateway for a provider; what orders and checkout will call. */
export function createPaymentGateways(deps: PaymentGatewaysDeps) {
  return {
    async forMerchant(merchantId: number, provider: PaymentProvider): Promise<PaymentGateway> {
      if (provider === 'sandbox') {
        // Orders kept from a sandbox run are not confirmable (nor refundable) once it is off.
        if (!deps.sandbox) throw new PaymentFailed('sandbox', 'the sandbox is off on this server');
        return sandboxGateway(deps.sandbox, merchantId);
      }
      const credentials = await deps.credentials.open(deps.db, merchantId, provider);
      if (!credentials) throw new PaymentFailed(provider, 'the merchant has no credentials for this provider');
      return linePayGateway(createLinePayClient({ baseUrl: deps.linePayBaseUrl, ...credentials }));
    },

    /** How each of the merchant's payment methods can be paid now: the provider, or null (not set up). */
    async providersOf(merchantId: number): Promise<(method: PaymentMethod) => PaymentProvider | null> {
      const ready = {
        linePay: (await deps.credentials.describe(deps.db, merchantId, 'linePay')).set,
        sandbox: deps.sandbox !== null,
      };
      return (method) => providerOf(method, ready);
    },
  };
}

export type PaymentGateways = ReturnType<typeof createPaymentGateways>;
