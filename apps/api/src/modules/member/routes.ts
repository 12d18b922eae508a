import type { FastifyPluginAsync } from 'fastify';
import { memberEndpoints as contract } from '@sbo/contracts/api/endpoints/member';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createMemberService } from './service';

type Deps = { members: ReturnType<typeof createMemberService> };

export const memberRoutes: FastifyPluginAsync<Deps> = async (app, { members }) => {
  addEndpoint(app, contract.memberList, async (request) => ({
    result: await members.list(requireMerchant(request)),
  }));

  addEndpoint(app, contract.memberDetail, async (request) => ({
    result: await members.detail(requireMerchant(request), request.params.memberID),
  }));

  addEndpoint(app, contract.memberUpdate, async (request) => ({
    result: await members.update(requireMerchant(request), request.params.memberID, request.body),
  }));

  addEndpoint(app, contract.memberSuspend, async (request) => ({
    result: await members.suspend(requireMerchant(request), request.params.memberID),
  }));

  addEndpoint(app, contract.memberReinstate, async (request) => ({
    result: await members.reinstate(requireMerchant(request), request.params.memberID),
  }));

  addEndpoint(app, contract.memberRemove, async (request) => ({
    result: await members.remove(requireMerchant(request), request.params.memberID),
  }));
};
