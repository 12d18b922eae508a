import { defineModule } from '../../lib/module';
import { invitationRoutes } from './invitation-routes';
import { createInvitationService } from './invitation-service';
import { memberRoutes } from './routes';
import { createMemberService } from './service';

/** A merchant's staff members (role, groups, device whitelist, suspension) and the invitations that add them. */
export const memberModule = defineModule({
  name: 'member',
  setup: ({ db, clock, sessions }) => ({
    async routes(v1) {
      await v1.register(memberRoutes, { members: createMemberService({ db, settled: sessions.settled }) });
      await v1.register(invitationRoutes, { invitations: createInvitationService({ db, clock }) });
    },
  }),
});
