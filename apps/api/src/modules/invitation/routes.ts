import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  invitationAccepted,
  invitationCodeParam,
  invitationCreate,
  invitationCreated,
  invitationPreview,
} from '@sbo/contracts';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createInvitationService } from './service';

type Deps = { invitations: ReturnType<typeof createInvitationService> };

export const invitationRoutes: FastifyPluginAsyncZod<Deps> = async (app, { invitations }) => {
  app.post('/member/invite', {
    config: { access: { token: 'merchant', permission: 'member.manage' } },
    schema: {
      tags: ['invitation'],
      summary: 'Create an invitation code (valid one day, single use) for a role',
      body: invitationCreate,
      response: { 200: envelope(invitationCreated) },
    },
    handler: async (request) => ({ result: await invitations.create(requireMerchant(request), request.body) }),
  });

  app.get('/invitation/:code', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['invitation'],
      summary: 'What an invitation offers: merchant, role and inviter',
      params: invitationCodeParam,
      response: { 200: envelope(invitationPreview) },
    },
    handler: async (request) => ({ result: await invitations.preview(request.params.code) }),
  });

  app.post('/invitation/:code/accept', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['invitation'],
      summary: 'Accept an invitation as the signed-in user',
      params: invitationCodeParam,
      response: { 200: envelope(invitationAccepted) },
    },
    handler: async (request) => ({
      result: await invitations.accept(requireUser(request), request.params.code),
    }),
  });
};
