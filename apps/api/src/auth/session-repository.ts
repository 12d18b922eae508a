import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { MerchantInfo, PermissionGroup, Role } from '@sbo/contracts';
import type { Database } from '../db/client';
import { statement } from '../db/prepared';
import { authSessions } from '../db/schema';

/** What a session (and the token naming it) is for: signing in, or working in one merchant. */
export type TokenKind = (typeof authSessions.$inferSelect)['kind'];

export type SessionRow = {
  revoked: boolean;
  expired: boolean;
  disabled: boolean;
  is_root: boolean;
  member_id: number | null;
  role: Exclude<Role, 'root'> | null;
  permission_groups: PermissionGroup[] | null;
  suspended: boolean | null;
  /** The member's device whitelist when it is on (ids, possibly none), null when it is off or for root. */
  device_whitelist: number[] | null;
  /** The merchant's own record, for merchant tokens (null for login tokens or a merchant gone). */
  merchant: MerchantInfo | null;
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

/** What the access check reads of a token's session, its user and, for merchant tokens, its member. */
export type SessionFacts = Omit<SessionRow, 'expired'> & { expires_at: Date; parent_id: string | null };

const factsStatement = statement<SessionFacts>(
  'session_facts',
  sql`select (s.revoked_at is not null or p.revoked_at is not null) as revoked,
           s.expires_at, s.parent_id,
           u.disabled, u.is_root,
           m.id as member_id, m.role, m.permission_groups, m.suspended,
           case when m.device_whitelist_enabled then
             array(select w.device_id from member_device_whitelist w where w.member_id = m.id order by w.device_id)
           end as device_whitelist,
           case when c.id is not null then json_build_object(
             'id', c.id, 'companyName', c.company_name, 'taxIDNumber', c.tax_id_number,
             'adminAddress', c.admin_address, 'adminUsername', c.admin_username, 'adminEmail', c.admin_email,
             'adminPhone', c.admin_phone, 'country', c.country, 'currency', c.currency, 'timezone', c.timezone)
           end as merchant
      from auth_sessions s
      join users u on u.id = s.user_id
      left join auth_sessions p on p.id = s.parent_id
      left join merchant_members m on m.user_id = s.user_id and m.merchant_id = ${sql.placeholder('merchantId')}
      left join merchants c on c.id = ${sql.placeholder('merchantId')}
     where s.id = ${sql.placeholder('sessionId')} and s.user_id = ${sql.placeholder('userId')}
       and s.merchant_id is not distinct from ${sql.placeholder('merchantId')}`,
);

/**
 * One query (prepared): the session (and its parent), the user and, for merchant tokens, the
 * member with its device whitelist and the merchant's record.
 */
export async function loadSessionFacts(db: Database, sessionId: string, userId: number, merchantId: number | null) {
  const [row] = await factsStatement(db, { sessionId, userId, merchantId });
  if (!row) return null;
  // Shared by every request of the token while remembered: nobody may change them.
  Object.freeze(row.device_whitelist);
  Object.freeze(row.merchant);
  // A driver without timestamp parsing would hand back text: the expiry is compared as a Date.
  return { ...row, expires_at: new Date(row.expires_at) };
}

/** The session row as the access check reads it, `expired` judged at `now`. */
export function sessionAt(facts: SessionFacts, now: Date): SessionRow {
  const { expires_at: expiresAt, parent_id: _parentId, ...row } = facts;
  return { ...row, expired: expiresAt.getTime() <= now.getTime() };
}
