import { defineModule } from '../../lib/module';
import { sharedSecret } from '../../lib/secrets';
import { createCredentialStore } from '../../payments/credentials';
import { createPaymentGateways, type PaymentGateways } from '../../payments/gateways';
import { paymentGatewayRoutes } from './gateway-routes';
import { createPaymentGatewayService } from './gateway-service';
import { paymentOptionRoutes } from './option-routes';
import { createPaymentOptionService } from './option-service';

declare module '../../lib/module' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface ModuleServices {
    /** The payment providers (LINE Pay with the merchant's credentials; the sandbox while it is on). */
    paymentGateways: PaymentGateways;
  }
}

/**
 * Payments: a merchant's provider settings and the gateways that take payments through them, the
 * sandbox provider's page, and what each place accepts (with the merchant's mobile payment switch).
 */
export const paymentModule = defineModule({
  name: 'payment',
  async setup({ config, db, clock }) {
    const credentials = createCredentialStore(
      config.PAYMENT_CREDENTIALS_KEY ?? (await sharedSecret(db, 'payment-credentials-key')),
    );
    // The sandbox gateway exists only when PAYMENT_SANDBOX turns it on, never as a fallback.
    const sandbox = config.PAYMENT_SANDBOX
      ? { db, clock, signingKey: await sharedSecret(db, 'sandbox-payment-signing-key'), publicUrl: config.publicUrl }
      : null;
    const gateways = createPaymentGateways({ db, sandbox, credentials, linePayBaseUrl: config.LINE_PAY_API_URL });
    return {
      provides: { paymentGateways: gateways },
      async routes(v1) {
        await v1.register(paymentGatewayRoutes, {
          payments: createPaymentGatewayService({ db, clock, credentials, sandbox }),
        });
        await v1.register(paymentOptionRoutes, { payments: createPaymentOptionService({ db, clock }) });
      },
    };
  },
});
