import { defineModule } from '../../lib/module';
import { invitationRoutes } from './routes';
import { createInvitationService } from './service';

export const invitationModule = defineModule({
  name: 'invitation',
  setup: ({ db, clock }) => ({
    routes: async (v1) =>
      void (await v1.register(invitationRoutes, { invitations: createInvitationService({ db, clock }) })),
  }),
});
