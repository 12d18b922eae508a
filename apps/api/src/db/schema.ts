import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BusinessHours, PermissionGroup, Role } from '@sbo/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const merchantMembers = pgTable(
  'merchant_members',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Exclude<Role, 'root'>>().notNull(),
    permissionGroups: text('permission_groups')
      .array()
      .$type<PermissionGroup[]>()
      .notNull()
      .default(sql`'{}'`),
    deviceWhitelistEnabled: boolean('device_whitelist_enabled').notNull().default(false),
    suspended: boolean('suspended').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_members_merchant_user_key').on(t.merchantId, t.userId),
    index('merchant_members_user_idx').on(t.userId),
  ],
);

/** Devices a member may see when their whitelist is enabled. */
export const memberDeviceWhitelist = pgTable(
  'member_device_whitelist',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => merchantMembers.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('member_device_whitelist_key').on(t.memberId, t.deviceId)],
);

/** One row per issued token: revoking the row makes the token answer 401. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'login' | 'merchant'>().notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
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

export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    address: text('address').notNull(),
    type: integer('type').notNull(),
    servicePhone: text('service_phone').notNull().default(''),
    description: text('description').notNull().default(''),
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('places_merchant_idx').on(t.merchantId)],
);

/** A cloud device: the merchant's record of a machine, which a physical controller (hardware) binds to. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    serialNum: text('serial_num').notNull(),
    machineType: integer('machine_type').notNull(),
    model: text('model').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('devices_merchant_idx').on(t.merchantId), index('devices_place_idx').on(t.placeId)],
);

/** A physical controller, known by its hardware id; bound when it points at a cloud device. */
export const deviceHardware = pgTable('device_hardware', {
  hwid: text('hwid').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  model: text('model').notNull(),
  deviceId: integer('device_id')
    .unique()
    .references(() => devices.id, { onDelete: 'set null' }),
  boundAt: timestamp('bound_at', { withTimezone: true }),
  createdAt: createdAt(),
});
