import { randomBytes } from 'node:crypto';

export type PayoutRequest = {
  withdrawalId: number;
  merchantId: number;
  currency: string;
  amount: number;
  bank: { bankCode: string; accountNumber: string; holder: string };
};

/**
 * Where withdrawals go: a bank-transfer or payout service. `send` hands one payout over and returns
 * the provider's reference; completion arrives later (the sandbox completes after a delay).
 */
export type PayoutProvider = {
  name: string;
  /** A sandbox moves no real money; the web labels it as such. */
  sandbox: boolean;
  send(request: PayoutRequest): Promise<{ reference: string }>;
};

/** The built-in provider: accepts every payout and completes it after `completeAfterSeconds`. */
export function sandboxPayoutProvider(completeAfterSeconds: number): PayoutProvider & { completeAfterSeconds: number } {
  return {
    name: 'sandbox',
    sandbox: true,
    completeAfterSeconds,
    async send() {
      return { reference: `SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}` };
    },
  };
}
