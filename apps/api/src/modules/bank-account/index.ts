import { defineModule } from '../../lib/module';
import { bankAccountRoutes } from './routes';
import { createBankAccountService } from './service';

export const bankAccountModule = defineModule({
  name: 'bank-account',
  setup: ({ db }) => ({
    routes: async (v1) => void (await v1.register(bankAccountRoutes, { accounts: createBankAccountService({ db }) })),
  }),
});
