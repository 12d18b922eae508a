import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import type {
  BusinessHours,
  commandOutcomes,
  PaymentGateway,
  logTypes,
  PermissionGroup,
  ProductTemplateInput,
  Role,
} from '@sbo/contracts';
import type { StateReport } from '@sbo/contracts/mqtt';

type DeviceConfig = Record<string, number | boolean | string>;

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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
  /** Set by a service agent (root) once the merchant's mobile-payment contract is in place. */
  mobilePaymentEnabled: boolean('mobile_payment_enabled').notNull().default(false),
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
    productId: integer('product_id').references(() => productTemplates.id, { onDelete: 'restrict' }),
    paymentProduct: text('payment_product'),
    /** Controller settings last confirmed by the machine through setConfig (AB config screen). */
    config: jsonb('config').$type<DeviceConfig>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_merchant_idx').on(t.merchantId),
    index('devices_place_idx').on(t.placeId),
    index('devices_product_idx').on(t.productId),
  ],
);

/** A physical controller, known by its hardware id; bound when it points at a cloud device. */
export const deviceHardware = pgTable('device_hardware', {
  hwid: text('hwid').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  /** The same secret in Mosquitto's password-file format (PBKDF2-SHA512), for an external broker. */
  brokerHash: text('broker_hash'),
  model: text('model').notNull(),
  deviceId: integer('device_id')
    .unique()
    .references(() => devices.id, { onDelete: 'set null' }),
  boundAt: timestamp('bound_at', { withTimezone: true }),
  /** The merchant a service agent registered it for: the only one that may bind it without a claim code. */
  merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
  /** SHA-256 of the one-time claim code that travels with its binding link; null once used. */
  claimCodeHash: text('claim_code_hash'),
  createdAt: createdAt(),
});

export const productTemplates = pgTable(
  'product_templates',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ProductTemplateInput['type']>().notNull(),
    price: integer('price'),
    dryLimit: integer('dry_limit'),
    dryPrice: integer('dry_price'),
    spentTime: integer('spent_time'),
    courseType: text('course_type'),
    defaultDryTemp: integer('default_dry_temp'),
    unitPrice: integer('unit_price'),
    pulse: integer('pulse'),
    defaultPulse: integer('default_pulse'),
    unit: text('unit').$type<NonNullable<ProductTemplateInput['unit']>>(),
    additives: jsonb('additives').$type<ProductTemplateInput['additives']>().notNull().default([]),
    courses: jsonb('courses').$type<ProductTemplateInput['courses']>().notNull().default([]),
    notifyBeforePayment: text('notify_before_payment').notNull().default(''),
    notifyAfterPayment: text('notify_after_payment').notNull().default(''),
    /** Grows on every edit; the machines echo `tpl-{id}-r{revision}` as their pricesVersion. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_templates_merchant_idx').on(t.merchantId)],
);

/** What the gateway last heard from a controller: one row per hardware id. */
export const deviceState = pgTable(
  'device_state',
  {
    hwid: text('hwid')
      .primaryKey()
      .references(() => deviceHardware.hwid, { onDelete: 'cascade' }),
    online: boolean('online').notNull().default(false),
    /** Set to now() exactly when `online` flips, so one statement can tell a transition from a repeat. */
    onlineChangedAt: timestamp('online_changed_at', { withTimezone: true }),
    connId: text('conn_id'),
    bootId: text('boot_id'),
    seq: integer('seq'),
    kind: text('kind'),
    model: text('model'),
    firmware: text('firmware'),
    report: jsonb('report').$type<StateReport>(),
    /** The device's own `sentAt` of the stored report. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Server time the stored report was written (report-to-database latency = this - reportedAt). */
    reportUpdatedAt: timestamp('report_updated_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_state_online_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.online}`),
  ],
);

/** Device events, each stored once: a redelivered message hits the unique (hwid, event_id). */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    hwid: text('hwid').notNull(),
    eventId: text('event_id').notNull(),
    /** The cloud device and merchant the hardware was bound to when the event arrived. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The device's `occurredAt` when it was within the clock tolerance, else the receive time (docs/money.md). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    deviceOccurredAt: timestamp('device_occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    amount: bigint('amount', { mode: 'number' }),
    encore: bigint('encore', { mode: 'number' }),
    payGateway: text('pay_gateway'),
    orderId: text('order_id'),
    test: boolean('test').notNull().default(false),
    commandId: text('command_id'),
    payload: jsonb('payload').notNull(),
    /** Why a sale was held aside for review instead of becoming a transaction (e.g. over the amount limit). */
    heldReason: text('held_reason'),
  },
  (t) => [
    uniqueIndex('device_events_hwid_event_key').on(t.hwid, t.eventId),
    index('device_events_held_idx')
      .on(t.merchantId, t.occurredAt)
      .where(sql`${t.heldReason} is not null`),
    index('device_events_device_kind_idx').on(t.deviceId, t.kind),
    index('device_events_merchant_time_idx').on(t.merchantId, t.occurredAt),
  ],
);

/** The device log of spec section 3: connection changes, faults, cash movements, remote actions. */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    hwid: text('hwid'),
    logType: text('log_type').$type<(typeof logTypes)[number]>().notNull(),
    contentKey: text('content_key').notNull(),
    content: text('content').notNull(),
    contentParams: jsonb('content_params').$type<Record<string, string | number | boolean | null>>().notNull(),
    operatorUserId: integer('operator_user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name'),
    expectedCoins: integer('expected_coins'),
    actualCoins: integer('actual_coins'),
    commandId: text('command_id'),
    result: text('result').$type<(typeof commandOutcomes)[number]>(),
    code: integer('code'),
    /** Makes a log written by several api instances for the same fact land once. */
    dedupeKey: text('dedupe_key'),
    /** The command to many machines this command belongs to (`command_batches`). */
    batchId: uuid('batch_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_logs_dedupe_key').on(t.hwid, t.dedupeKey),
    index('device_logs_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    index('device_logs_merchant_time_idx').on(t.merchantId, t.createdAt),
    index('device_logs_device_time_idx').on(t.deviceId, t.createdAt),
    index('device_logs_command_idx')
      .on(t.commandId)
      .where(sql`${t.commandId} is not null`),
  ],
);

/**
 * One command sent to many machines: who sent what to which machines, and the machines left out
 * with why. Each machine's outcome is its device-log row (`device_logs.batch_id`).
 */
export const commandBatches = pgTable(
  'command_batches',
  {
    id: uuid('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    targets: jsonb('targets').$type<{ deviceId: number; name: string }[]>().notNull(),
    skipped: jsonb('skipped').$type<{ deviceId: number; name: string; reason: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('command_batches_merchant_time_idx').on(t.merchantId, t.createdAt)],
);

/** An invitation to join a merchant with a role: valid one day, accepted at most once. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    role: text('role').$type<Exclude<Role, 'root' | 'merchant'>>().notNull(),
    inviterUserId: integer('inviter_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_code_key').on(t.code), index('invitations_merchant_idx').on(t.merchantId)],
);

/** Payment gateways a place accepts; no row means none chosen yet. */
export const placePaymentOptions = pgTable(
  'place_payment_options',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    placeId: integer('place_id')
      .primaryKey()
      .references(() => places.id, { onDelete: 'cascade' }),
    gateways: text('gateways').array().$type<PaymentGateway[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('place_payment_options_merchant_idx').on(t.merchantId)],
);

/** Profile pictures, already resized; served at `/api/v1/avatars/{key}`. */
export const avatars = pgTable('avatars', {
  key: uuid('key').primaryKey().defaultRandom(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
