import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, memberDetail, memberIdParam, memberListItem, memberRemoved, memberUpdate } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createMemberService } from './service';

type Deps = { members: ReturnType<typeof createMemberService> };

const read = { access: { token: 'merchant', permission: 'member.read' } } as const;
const manage = { access: { token: 'merchant', permission: 'member.manage' } } as const;

export const memberRoutes: FastifyPluginAsyncZod<Deps> = async (app, { members }) => {
  app.get('/member/list', {
    config: read,
    schema: {
      tags: ['member'],
      summary: "The merchant's staff members",
      response: { 200: envelope(z.array(memberListItem)) },
    },
    handler: async (request) => ({ result: await members.list(requireMerchant(request)) }),
  });

  app.get('/member/:memberID', {
    config: read,
    schema: {
      tags: ['member'],
      summary: 'A staff member: role, permission groups and device whitelist',
      params: memberIdParam,
      response: { 200: envelope(memberDetail) },
    },
    handler: async (request) => ({ result: await members.detail(requireMerchant(request), request.params.memberID) }),
  });

  app.put('/member/:memberID', {
    config: manage,
    schema: {
      tags: ['member'],
      summary: "Change a member's role, permission groups or device whitelist",
      params: memberIdParam,
      body: memberUpdate,
      response: { 200: envelope(memberDetail) },
    },
    handler: async (request) => ({
      result: await members.update(requireMerchant(request), request.params.memberID, request.body),
    }),
  });

  app.post('/member/:memberID/suspend', {
    config: manage,
    schema: {
      tags: ['member'],
      summary: 'Suspend a member: their merchant token stops working at once',
      params: memberIdParam,
      response: { 200: envelope(memberDetail) },
    },
    handler: async (request) => ({ result: await members.suspend(requireMerchant(request), request.params.memberID) }),
  });

  app.post('/member/:memberID/reinstate', {
    config: manage,
    schema: {
      tags: ['member'],
      summary: 'Reinstate a suspended member',
      params: memberIdParam,
      response: { 200: envelope(memberDetail) },
    },
    handler: async (request) => ({
      result: await members.reinstate(requireMerchant(request), request.params.memberID),
    }),
  });

  app.delete('/member/:memberID', {
    config: manage,
    schema: {
      tags: ['member'],
      summary: 'Remove a member from the merchant (not yourself: 1104013)',
      params: memberIdParam,
      response: { 200: envelope(memberRemoved) },
    },
    handler: async (request) => ({ result: await members.remove(requireMerchant(request), request.params.memberID) }),
  });
};
