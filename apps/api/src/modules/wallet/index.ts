import { defineModule } from '../../lib/module';
import { startMoneyJobs } from './jobs';
import { sandboxPayoutProvider } from './payout-provider';
import { walletRoutes } from './routes';
import { createWalletService } from './service';

/** The merchant's balance and withdrawals; sales become withdrawable and sandbox payouts arrive in a job. */
export const walletModule = defineModule({
  name: 'wallet',
  setup({ config, db, clock, log, need }) {
    const money = startMoneyJobs({
      db,
      clock,
      everySeconds: config.SETTLEMENT_JOB_SECONDS,
      // Only the sandbox provider's payouts complete here, and only while it is on.
      sandboxDelaySeconds: config.PAYOUT_SANDBOX ? config.PAYOUT_SANDBOX_DELAY_SECONDS : null,
      log: log.child({ module: 'settlement' }),
    });
    return {
      routes: async (v1) =>
        void (await v1.register(walletRoutes, {
          wallet: createWalletService({
            db,
            clock,
            // No payout provider but the sandbox exists yet: without PAYOUT_SANDBOX, payouts are not set up.
            payouts: config.PAYOUT_SANDBOX ? sandboxPayoutProvider(config.PAYOUT_SANDBOX_DELAY_SECONDS) : null,
          }),
          transactions: need('transactions'),
        })),
      jobs: [money.job],
    };
  },
});
