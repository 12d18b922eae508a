import type { FastifyPluginAsync } from 'fastify';
import { memberEndpoints as contract } from '@sbo/contracts/api/endpoints/member';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createInvitationService } from './invitation-service';

type Deps = { invitations: ReturnType<typeof createInvitationService> };

export const invitationRoutes: FastifyPluginAsync<Deps> = async (app, { invitations }) => {
  addEndpoint(app, contract.memberInvite, async (request) => ({
    result: await invitations.create(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.invitationGet, async (request) => ({
    result: await invitations.preview(request.params.code),
  }));

  addEndpoint(app, contract.invitationAccept, async (request) => ({
    result: await invitations.accept(requireUser(request), request.params.code),
  }));
};
