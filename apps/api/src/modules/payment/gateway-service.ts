import {
  ErrorCode,
  type CredentialProvider,
  type PaymentCredentialsInput,
  type PaymentCredentialsState,
  type SandboxOutcome,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { CredentialStore } from '../../payments/credentials';
import { sandboxConsumerSide, type SandboxDeps } from '../../payments/sandbox-gateway';
import { renderSandboxPage } from '../../payments/sandbox-page';
import type { MerchantAuth } from '../../plugins/access';

/** `sandbox` only while PAYMENT_SANDBOX is on; null: its page and its decisions do not exist here. */
type Deps = { db: Database; clock: Clock; credentials: CredentialStore; sandbox: SandboxDeps | null };

/** Service agents' provider credentials, and the sandbox provider's consumer page. */
export function createPaymentGatewayService(deps: Deps) {
  const { db, clock, credentials } = deps;
  const sandbox = deps.sandbox ? sandboxConsumerSide(deps.sandbox) : null;

  function opened() {
    if (!sandbox) throw new AppError(ErrorCode.NOT_FOUND);
    return sandbox;
  }

  return {
    credentialsState: (actor: MerchantAuth, provider: CredentialProvider): Promise<PaymentCredentialsState> =>
      credentials.describe(db, actor.merchantId, provider),

    async setCredentials(
      actor: MerchantAuth,
      provider: CredentialProvider,
      input: PaymentCredentialsInput,
    ): Promise<PaymentCredentialsState> {
      return db.transaction(async (tx) => {
        const before = await credentials.describe(tx, actor.merchantId, provider);
        await credentials.save(tx, actor, provider, input, clock.now()).catch((error: unknown) => {
          // The merchant row went away under the agent (foreign key).
          if ((error as { cause?: { code?: string } }).cause?.code === '23503') {
            throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
          }
          throw error;
        });
        const after = await credentials.describe(tx, actor.merchantId, provider);
        await writeAudit(tx, actor, {
          action: 'merchant.paymentCredentials',
          entity: 'merchant',
          entityId: actor.merchantId,
          before: { provider, channelId: before.channelId },
          after: { provider, channelId: after.channelId },
        });
        return after;
      });
    },

    /** Whether the sandbox's consumer page is served at all (404 otherwise, as an unknown address). */
    sandboxOpen: sandbox !== null,
    sandboxPage: async (paymentId: string) => renderSandboxPage(await opened().payment(paymentId)),
    sandboxDecide: (paymentId: string, outcome: SandboxOutcome) => opened().decide(paymentId, outcome),
  };
}
