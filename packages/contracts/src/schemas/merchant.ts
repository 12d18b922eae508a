import { z } from 'zod';
import { permissionGroups, roles } from '../permissions';

const rbacRole = z.enum(roles);
/** Where a merchant works: its country, the currency of its money and its time zone. */
const merchantRegion = { country: z.string(), currency: z.string(), timezone: z.string() };

export const merchantListItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  ...merchantRegion,
  rbacRole,
  suspended: z.boolean(),
});
export type MerchantListItem = z.infer<typeof merchantListItem>;

/** Merchant profile of spec section 3. */
export const merchantProfile = z.object({
  userId: z.number().int(),
  merchantId: z.number().int(),
  personalInfo: z.object({ nickName: z.string(), avatar: z.string().nullable() }),
  member: z.object({ rbacRole, permissionGroups: z.array(z.enum(permissionGroups)) }),
  businessInfo: z.object({
    country: z.string(),
    companyName: z.string(),
    currency: z.string(),
    timezone: z.string(),
  }),
  permissions: z.array(z.string()).describe('Permissions this member holds, from the role matrix and groups'),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const merchantLoginResult = z.object({ jwt: z.string(), info: merchantProfile });
export type MerchantLoginResult = z.infer<typeof merchantLoginResult>;

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'invalid phone number');

export const merchantInfo = z.object({
  id: z.number().int(),
  companyName: z.string(),
  taxIDNumber: z.string(),
  adminAddress: z.string(),
  adminUsername: z.string(),
  adminEmail: z.string(),
  adminPhone: z.string(),
  ...merchantRegion,
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

export const merchantInfoUpdate = z.object({
  companyName: z.string().trim().min(1).max(100),
  taxIDNumber: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9-]+$/, 'invalid tax ID number'),
  adminAddress: z.string().trim().min(1).max(200),
  adminUsername: z.string().trim().min(1).max(50),
  adminEmail: z.string().trim().max(254).pipe(z.email()),
  adminPhone: phone,
});
export type MerchantInfoUpdate = z.infer<typeof merchantInfoUpdate>;
