import type { PaymentProvider } from '@sbo/contracts';
import type { Executor } from '../db/client';
import type { CredentialStore } from './credentials';
import { PaymentFailed, type PaymentGateway } from './gateway';
import { createLinePayClient } from './line-pay-client';
import { linePayGateway } from './line-pay';
import { sandboxGateway, type SandboxDeps } from './sandbox-gateway';

export type PaymentGatewaysDeps = {
  db: Executor;
  sandbox: SandboxDeps;
  credentials: CredentialStore;
  /** LINE Pay's API origin (LINE_PAY_API_URL). */
  linePayBaseUrl: string;
};

/** The one way to get a merchant's gateway for a provider; what orders and checkout will call. */
export function createPaymentGateways(deps: PaymentGatewaysDeps) {
  return {
    async forMerchant(merchantId: number, provider: PaymentProvider): Promise<PaymentGateway> {
      if (provider === 'sandbox') return sandboxGateway(deps.sandbox, merchantId);
      const credentials = await deps.credentials.open(deps.db, merchantId, provider);
      if (!credentials) throw new PaymentFailed(provider, 'the merchant has no credentials for this provider');
      return linePayGateway(createLinePayClient({ baseUrl: deps.linePayBaseUrl, ...credentials }));
    },
  };
}

export type PaymentGateways = ReturnType<typeof createPaymentGateways>;
