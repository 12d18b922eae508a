import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, envelope, ErrorCode } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth-context';
import type { TokenService } from '../../auth/token-service';
import { findUser } from '../merchant/service';

type Deps = { db: Database; tokens: TokenService };

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, tokens }) => {
  app.get('/user/me', {
    config: { access: { token: 'login' } },
    schema: { tags: ['user'], summary: 'The signed-in user', response: { 200: envelope(currentUser) } },
    handler: async (request) => {
      const user = await findUser(db, requireUser(request).userId);
      if (!user) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
      return {
        result: {
          userId: user.id,
          email: user.email,
          nickName: user.nickName,
          avatar: user.avatar,
          isRoot: user.isRoot,
        },
      };
    },
  });

  app.post('/user/logout', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['user'],
      summary: 'Revoke the login token and every merchant token opened from it',
      response: { 200: envelope(z.object({ loggedOut: z.literal(true) })) },
    },
    handler: async (request) => {
      await tokens.revokeLogin(requireUser(request).sessionId);
      return { result: { loggedOut: true as const } };
    },
  });
};
