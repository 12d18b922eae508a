import { defineModule } from '../../lib/module';
import { dashboardRoutes } from './routes';
import { createDashboardService } from './service';

export const dashboardModule = defineModule({
  name: 'dashboard',
  setup: ({ db, clock, need }) => ({
    routes: async (v1) =>
      void (await v1.register(dashboardRoutes, {
        dashboard: createDashboardService({ db, clock, transactions: need('transactions') }),
      })),
  }),
});
