import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@sbo/contracts';
import { AppError } from '../lib/app-error';
import type { MerchantAuth, UserAuth } from './access';

/** The signed-in user of a route declared with a login or merchant token. */
export function requireUser(request: FastifyRequest): UserAuth {
  if (!request.user) throw new AppError(ErrorCode.SERVER_ERROR, 'Route reads a user it did not declare');
  return request.user;
}

/** The member and merchant scope of a route declared with a merchant token. */
export function requireMerchant(request: FastifyRequest): MerchantAuth {
  if (!request.merchant) throw new AppError(ErrorCode.SERVER_ERROR, 'Route reads a merchant it did not declare');
  return request.merchant;
}
