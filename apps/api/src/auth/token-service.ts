import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ErrorCode, tokenLifetimes } from '@sbo/contracts';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { insertSession, revokeLoginSessions, type TokenKind } from './session-repository';

export type TokenClaims = { userId: number; sessionId: string; kind: TokenKind; merchantId: number | null };

const issuer = 'back-office';

/**
 * Login and merchant tokens: HS256 JWTs, each backed by a session row so it can be revoked.
 * `settled` (the session cache's) is awaited after a revocation, so every instance refuses the
 * token before the revocation is answered.
 */
export function createTokenService(db: Database, secret: string, clock: Clock, settled?: () => Promise<void>) {
  const key = new TextEncoder().encode(secret);

  async function issue(kind: TokenKind, userId: number, merchantId: number | null, parentId: string | null) {
    const lifetime = kind === 'login' ? tokenLifetimes.loginSeconds : tokenLifetimes.merchantSeconds;
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    const expiresAt = new Date((issuedAt + lifetime) * 1000);
    const sessionId = await insertSession(db, { userId, kind, merchantId, parentId, expiresAt });
    const jwt = await new SignJWT({ typ: kind, ...(merchantId === null ? {} : { mid: merchantId }) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .sign(key);
    return { jwt, sessionId, expiresAt };
  }

  /**
   * Tokens whose signature was already checked, with their claims and expiry: a client sends the
   * same token on every call, and checking the HMAC is most of what decoding costs. The expiry is
   * still judged at each call; bounded, oldest first out.
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const maxVerified = 10_000;

  /** The claims of a token already verified and not expired, without waiting; null: decode it. */
  function decodeKnown(token: string): TokenClaims | null {
    const known = verified.get(token);
    if (!known) return null;
    // As jose judges it: expired once `exp` is at or before the current second.
    if (known.expiresAt > Math.floor(clock.now().getTime() / 1000)) return known.claims;
    verified.delete(token);
    return null;
  }

  async function decode(token: string): Promise<TokenClaims> {
    return decodeKnown(token) ?? verify(token);
  }

  async function verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'], currentDate: clock.now() });
      const kind = payload.typ;
      const userId = Number(payload.sub);
      if ((kind !== 'login' && kind !== 'merchant') || !Number.isSafeInteger(userId) || !payload.jti)
        throw unauthorized('invalid');
      const merchantId = typeof payload.mid === 'number' ? payload.mid : null;
      if (kind === 'merchant' && merchantId === null) throw unauthorized('invalid');
      const claims: TokenClaims = Object.freeze({ userId, sessionId: payload.jti, kind, merchantId });
      if (typeof payload.exp === 'number') {
        if (verified.size >= maxVerified) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp });
      }
      return claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unauthorized(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
  }

  return {
    issueLogin: (userId: number) => issue('login', userId, null, null),
    issueMerchant: (userId: number, merchantId: number, loginSessionId: string) =>
      issue('merchant', userId, merchantId, loginSessionId),
    decode,
    decodeKnown,
    /** Revokes a login session and every merchant session opened from it. */
    async revokeLogin(sessionId: string): Promise<void> {
      await revokeLoginSessions(db, sessionId, clock.now());
      await settled?.();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

const reasons = {
  missing: 'A sign-in certificate is required. Please log in again.',
  invalid: 'Your certificate is invalid. Please log in again.',
  expired: 'Your certificate has expired. Please log in again.',
  revoked: 'Your certificate has been revoked. Please log in again.',
  wrongKind: 'This call needs a different certificate. Please log in again.',
} as const;

export function unauthorized(reason: keyof typeof reasons): AppError {
  return new AppError(ErrorCode.CERTIFICATE_EXPIRED, reasons[reason]);
}
