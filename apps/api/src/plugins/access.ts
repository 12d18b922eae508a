import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  isAllowed,
  permissionGroups as allGroups,
  type MerchantInfo,
  type Permission,
  type PermissionGroup,
  type Role,
} from '@sbo/contracts';
import { AppError } from '../lib/app-error';
import type { SessionCache } from '../auth/session-cache';
import type { AnswerCache } from '../lib/answer-cache';
import type { SessionRow } from '../auth/session-repository';
import type { Clock } from '../lib/clock';
import { type TokenClaims, type TokenService, unauthorized } from '../auth/token-service';

/** What a route needs; every route under /api/v1 must declare one (checked when routes are added). */
export type Access =
  | { token: 'public' }
  | { token: 'login' }
  /**
   * `queryToken`: the token may also come as `?token=` (EventSource cannot set headers).
   * `rootOnly`: service agents' tools (`admin/hardware`...): role root acting in the merchant.
   */
  | { token: 'merchant'; permission: Permission; queryToken?: boolean; rootOnly?: boolean };

export type UserAuth = { userId: number; sessionId: string; isRoot: boolean };
export type MerchantAuth = UserAuth & {
  merchantId: number;
  memberId: number | null;
  role: Role;
  permissionGroups: readonly PermissionGroup[];
  /** The member's device whitelist when it is on, else null (read with the session: scope/device-scope.ts). */
  deviceWhitelist: readonly number[] | null;
  /** The merchant's record as the access check read it with the session (null: the merchant is gone). */
  merchantRecord: MerchantInfo | null;
};

export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  // Module augmentation needs interfaces.
  interface FastifyInstance {
    /** Every api route with the access it declared: read by tests and the permission docs. */
    accessRegistry: RouteAccess[];
    /** Session checks answered from memory; `settled()` waits until changes committed so far are heard. */
    sessionCache: SessionCache;
    /** Hot answers kept in memory (lib/answer-cache.ts); tests read its figures. */
    answerCache: AnswerCache;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserAuth | null;
    merchant: MerchantAuth | null;
  }
}

type Deps = { sessions: SessionCache; tokens: TokenService; clock: Clock; registry: RouteAccess[] };

/**
 * The one access mechanism: a route without an `access` declaration cannot be
 * added, and the check runs on every request before its input is even parsed.
 */
export function registerAccessControl(app: FastifyInstance, deps: Deps) {
  app.decorateRequest('user', null);
  app.decorateRequest('merchant', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') deps.registry.push({ method, url: route.url, access });
    }
  });

  // A token verified before whose session is remembered is checked without waiting (no promise, no
  // microtask): what nearly every call is. Otherwise its signature and session are read first.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) return done(new AppError(ErrorCode.SERVER_ERROR));
    if (access.token === 'public') return done();
    let token: string;
    try {
      token = bearer(request, access.token === 'merchant' && access.queryToken === true);
    } catch (error) {
      return done(error as Error);
    }
    const known = deps.tokens.decodeKnown(token);
    const row = known && deps.sessions.loadKnown(known.sessionId, known.userId, known.merchantId, deps.clock.now());
    if (known && row !== undefined) {
      try {
        admit(request, access, known, row);
      } catch (error) {
        return done(error as Error);
      }
      return done();
    }
    void (async () => {
      const claims = await deps.tokens.decode(token);
      if (claims.kind !== access.token) throw unauthorized('wrongKind');
      admit(
        request,
        access,
        claims,
        await deps.sessions.load(claims.sessionId, claims.userId, claims.merchantId, deps.clock.now()),
      );
    })().then(
      () => done(),
      (error: Error) => done(error),
    );
  });
}

/** The access check on a token's claims and its session: sets `request.user` (and `merchant`), or throws. */
function admit(request: FastifyRequest, access: Access, claims: TokenClaims, row: SessionRow | null): void {
  if (claims.kind !== access.token) throw unauthorized('wrongKind');
  if (!row || row.revoked || row.disabled) throw unauthorized('revoked');
  if (row.expired) throw unauthorized('expired');
  const user = { userId: claims.userId, sessionId: claims.sessionId, isRoot: row.is_root };
  request.user = user;
  if (access.token !== 'merchant' || claims.merchantId === null) return;

  const member = memberAccess(row);
  if (!member) throw new AppError(ErrorCode.MERCHANT_MEMBER_NOT_FOUND);
  if (row.suspended) throw new AppError(ErrorCode.MEMBER_SUSPENDED);
  // Written out rather than spread: one shape for every request, built without copying loops.
  request.merchant = {
    userId: user.userId,
    sessionId: user.sessionId,
    isRoot: user.isRoot,
    merchantId: claims.merchantId,
    memberId: row.member_id,
    role: member.role,
    permissionGroups: member.permissionGroups,
    deviceWhitelist: row.device_whitelist,
    merchantRecord: row.merchant,
  };
  if (!isAllowed(member, access.permission)) throw new AppError(ErrorCode.PERMISSION_DENIED);
  if (access.rootOnly && member.role !== 'root') throw new AppError(ErrorCode.PERMISSION_DENIED);
}

/** Root users act for any merchant as role root; everyone else needs a member row. */
function memberAccess(row: SessionRow): { role: Role; permissionGroups: readonly PermissionGroup[] } | null {
  if (row.is_root) return { role: 'root', permissionGroups: allGroups };
  if (!row.role) return null;
  return { role: row.role, permissionGroups: row.permission_groups ?? [] };
}

function bearer(request: FastifyRequest, queryToken: boolean): string {
  const header = request.headers.authorization;
  const query = request.query as Record<string, unknown> | undefined;
  if (!header && queryToken && typeof query?.token === 'string' && query.token !== '') return query.token;
  if (!header) throw unauthorized('missing');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('invalid');
  return match[1]!;
}
