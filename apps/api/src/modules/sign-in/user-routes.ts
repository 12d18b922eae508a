import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '@sbo/contracts';
import { signInEndpoints as contract } from '@sbo/contracts/api/endpoints/sign-in';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireUser } from '../../plugins/auth-context';
import type { TokenService } from '../../auth/token-service';
import { findUser } from '../merchant/service';

type Deps = { db: Database; tokens: TokenService };

export const userRoutes: FastifyPluginAsync<Deps> = async (app, { db, tokens }) => {
  addEndpoint(app, contract.userMe, async (request) => {
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
  });

  addEndpoint(app, contract.userLogout, async (request) => {
    await tokens.revokeLogin(requireUser(request).sessionId);
    return { result: { loggedOut: true as const } };
  });
};
