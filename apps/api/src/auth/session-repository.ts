import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { PermissionGroup, Role } from '@sbo/contracts';
import type { Database } from '../db/client';
import { authSessions } from '../db/schema';
import type { TokenKind } from './token-service';

export type SessionRow = {
  revoked: boolean;
  expired: boolean;
  disabled: boolean;
  is_root: boolean;
  member_id: number | null;
  role: Exclude<Role, 'root'> | null;
  permission_groups: PermissionGroup[] | null;
  suspended: boolean | null;
};

export async function insertSession(
  db: Database,
  values: { userId: number; kind: TokenKind; merchantId: number | null; parentId: string | null; expiresAt: Date },
): Promise<string> {
  const [session] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
  return session!.id;
}

/** Revokes a login session and every merchant session opened from it. */
export async function revokeLoginSessions(db: Database, sessionId: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(
      and(or(eq(authSessions.id, sessionId), eq(authSessions.parentId, sessionId)), isNull(authSessions.revokedAt)),
    );
}

export /** One query per request: the session (and its parent), the user and, for merchant tokens, the member. */
async function loadSession(db: Database, sessionId: string, userId: number, merchantId: number | null, now: Date) {
  const result = await db.execute<SessionRow>(sql`
    select (s.revoked_at is not null or p.revoked_at is not null) as revoked,
           (s.expires_at <= ${now.toISOString()}::timestamptz) as expired,
           u.disabled, u.is_root,
           m.id as member_id, m.role, m.permission_groups, m.suspended
      from auth_sessions s
      join users u on u.id = s.user_id
      left join auth_sessions p on p.id = s.parent_id
      left join merchant_members m on m.user_id = s.user_id and m.merchant_id = ${merchantId}
     where s.id = ${sessionId} and s.user_id = ${userId}
       and s.merchant_id is not distinct from ${merchantId}`);
  return result.rows[0] ?? null;
}
