import { defineModule } from '../../lib/module';
import { memberRoutes } from './routes';
import { createMemberService } from './service';

export const memberModule = defineModule({
  name: 'member',
  setup: ({ db, sessions }) => ({
    routes: async (v1) =>
      void (await v1.register(memberRoutes, { members: createMemberService({ db, settled: sessions.settled }) })),
  }),
});
