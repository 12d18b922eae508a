import { buffer } from 'node:stream/consumers';
import { defineModule } from '../../lib/module';
import type { DeviceScope } from '../../scope/device-scope';
import { exportTransactions } from './export';
import { transactionRoutes } from './routes';
import { createTransactionService, type TransactionService } from './service';
import { createStatisticsService } from './statistics';

/** The records of some days as the records screen exports them (xlsx), for one member's scope. */
export type RecordsExport = (
  scope: DeviceScope,
  days: { from: string; to: string },
  language: string,
) => Promise<{ fileName: string; contentType: string; content: Buffer }>;

declare module '../../lib/module' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface ModuleServices {
    transactions: TransactionService;
    recordsExport: RecordsExport;
  }
}

/** The sales records, their statistics and export. */
export const transactionModule = defineModule({
  name: 'transaction',
  setup({ db, clock, answers, background, need }) {
    const transactions = createTransactionService({ db, clock, gateways: need('paymentGateways') });
    const recordsExport: RecordsExport = async (scope, days, language) => {
      const query = { from: days.from, to: days.to, format: 'xlsx' as const, lang: language };
      const file = await exportTransactions({ db, transactions, lane: background }, scope, query, null);
      return { fileName: file.fileName, contentType: file.contentType, content: await buffer(file.stream) };
    };
    return {
      provides: { transactions, recordsExport },
      routes: async (v1) =>
        void (await v1.register(transactionRoutes, {
          db,
          answers,
          clock,
          transactions,
          background,
          statistics: createStatisticsService({ db, transactions }),
        })),
    };
  },
});
