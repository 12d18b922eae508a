import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PermissionGroup, Role } from '@sbo/contracts';
import { bytea, moment, createdAt, updatedAt, bigId } from './columns';

// Accounts: users and their sign-in identities and sessions, merchants and their members, invitations,
// the audit log and the app's own secrets.

// The references most tables hold, written once, beside the tables they point at.

/** The merchant a row belongs to; the row goes with the merchant. */
export const merchantRef = () =>
  integer('merchant_id')
    .notNull()
    .references((): AnyPgColumn => merchants.id, { onDelete: 'cascade' });

/** The user a row belongs to; the row goes with the user. */
export const userRef = () =>
  integer('user_id')
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

/** A user the row names (who acted, who was asked); the row stays when the user is deleted. */
export const userMention = (name: string) =>
  integer(name).references((): AnyPgColumn => users.id, { onDelete: 'set null' });

/** The merchant of a row that may have none yet (an unbound device's); the row goes with the merchant. */
export const optionalMerchantRef = () =>
  integer('merchant_id').references((): AnyPgColumn => merchants.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar'),
    locale: text('locale'),
    isRoot: boolean('is_root').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: moment('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject)],
);

export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  taxIdNumber: text('tax_id_number').notNull().default(''),
  adminAddress: text('admin_address').notNull().default(''),
  adminUsername: text('admin_username').notNull().default(''),
  adminEmail: text('admin_email').notNull().default(''),
  adminPhone: text('admin_phone').notNull().default(''),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /** Set by a service agent (root) once the merchant's mobile-payment contract is in place. */
  mobilePaymentEnabled: boolean('mobile_payment_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const merchantMembers = pgTable(
  'merchant_members',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    userId: userRef(),
    role: text('role').$type<Exclude<Role, 'root'>>().notNull(),
    permissionGroups: text('permission_groups')
      .array()
      .$type<PermissionGroup[]>()
      .notNull()
      .default(sql`'{}'`),
    deviceWhitelistEnabled: boolean('device_whitelist_enabled').notNull().default(false),
    suspended: boolean('suspended').notNull().default(false),
    lastLoginAt: moment('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_members_merchant_user_key').on(t.merchantId, t.userId),
    index('merchant_members_user_idx').on(t.userId),
  ],
);

/** One row per issued token: revoking the row makes the token answer 401. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    kind: text('kind').$type<'login' | 'merchant'>().notNull(),
    merchantId: optionalMerchantRef(),
    parentId: uuid('parent_id'),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_parent_idx').on(t.parentId), index('auth_sessions_user_idx').on(t.userId)],
);

/** Keyrings already exchanged, so a reused one gets a catalogue error even from a lenient issuer. */
export const usedKeyrings = pgTable('used_keyrings', {
  keyringHash: text('keyring_hash').primaryKey(),
  usedAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigId(),
    merchantId: optionalMerchantRef(),
    actorUserId: userMention('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** Generated secrets shared by every api instance (token signing, sign-in client secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** An invitation to join a merchant with a role: valid one day, accepted at most once. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    role: text('role').$type<Exclude<Role, 'root' | 'merchant'>>().notNull(),
    inviterUserId: userMention('inviter_user_id'),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedByUserId: userMention('accepted_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_code_key').on(t.code), index('invitations_merchant_idx').on(t.merchantId)],
);

/** Profile pictures, already resized; served at `/api/v1/avatars/{key}`. */
export const avatars = pgTable('avatars', {
  key: uuid('key').primaryKey().defaultRandom(),
  userId: userRef(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
