import { z } from 'zod';
import { permissionGroups } from '../permissions';

/** Roles a member can hold: root acts for any merchant without a member row. */
export const memberRole = z.enum(['merchant', 'manager', 'shareholder', 'storeManager']);
export type MemberRole = z.infer<typeof memberRole>;
export const memberRoles = memberRole.options;
/** Roles an invitation can carry: a merchant gets a new owner only by an owner's role change. */
export const invitableRole = z.enum(['manager', 'shareholder', 'storeManager']);
export type InvitableRole = z.infer<typeof invitableRole>;

export const memberIdParam = z.object({ memberID: z.coerce.number().int().positive().max(2_147_483_647) });

export const memberListItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: memberRole,
  permissionGroups: z.array(z.enum(permissionGroups)),
  suspended: z.boolean(),
  lastLoginAt: z.string().nullable(),
  isSelf: z.boolean(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

const deviceWhitelist = z.object({
  enabled: z.boolean(),
  deviceIds: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
});

export const memberDetail = memberListItem.extend({ deviceWhitelist, createdAt: z.string() });
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberUpdate = z
  .object({
    role: memberRole.optional(),
    permissionGroups: z.array(z.enum(permissionGroups)).max(permissionGroups.length).optional(),
    deviceWhitelist: deviceWhitelist.optional(),
  })
  .strict();
export type MemberUpdate = z.infer<typeof memberUpdate>;

export const memberRemoved = z.object({ removed: z.literal(true) });

export const invitationCreate = z.object({ role: invitableRole }).strict();
export type InvitationCreate = z.infer<typeof invitationCreate>;

export const invitationCodeParam = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const invitationCreated = z.object({
  code: z.string(),
  role: invitableRole,
  expiresAt: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreated>;

/** What the accept screen shows before the user accepts. */
export const invitationPreview = z.object({
  merchantName: z.string(),
  role: invitableRole,
  inviterName: z.string(),
  expiresAt: z.string(),
  /** The merchant's business time zone: the accept screen shows the expiry on the merchant's clock. */
  timeZone: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationAccepted = z.object({ merchantId: z.number().int(), role: invitableRole });
export type InvitationAccepted = z.infer<typeof invitationAccepted>;
