import { z } from 'zod';
import { pageQuery } from './pagination';

/** What an audit entry is about. */
export const auditEntities = [
  'member',
  'invitation',
  'merchant',
  'place',
  'device',
  'hardware',
  'product',
  'bankAccount',
  'cashboxTrip',
  'transaction',
  'withdrawal',
  'card',
  'cardSettings',
  'promotion',
  'promotionTemplate',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** Every change the api writes to the audit log; device commands add `device.command.<remote action>`. */
export const auditActions = [
  'member.update',
  'member.remove',
  'member.suspend',
  'member.reinstate',
  'invitation.create',
  'invitation.accept',
  'merchant.update',
  'merchant.mobilePayment',
  'merchant.paymentCredentials',
  'payment.update',
  'place.create',
  'place.update',
  'place.delete',
  'device.bind',
  'device.create',
  'device.update',
  'device.product',
  'hardware.register',
  'hardware.rotateSecret',
  'product.create',
  'product.update',
  'product.delete',
  'bankAccount.create',
  'bankAccount.update',
  'bankAccount.verified',
  'bankAccount.verifyFailed',
  'cashbox.settle',
  'transaction.refund',
  'wallet.withdraw',
  'card.create',
  'card.open',
  'card.activate',
  'card.cancel',
  'card.topUp',
  'card.topUpPaid',
  'card.adjust',
  'card.spend',
  'card.void',
  'card.refund',
  'card.promotionBonus',
  'cardSettings.update',
  'promotion.create',
  'promotion.update',
  'promotion.stop',
  'promotion.bind',
  'promotionTemplate.create',
  'promotionTemplate.delete',
  'setPrices',
  'setTestMode',
  'setConfig',
  'setCoinDispenser',
  'resetBanknotes',
  'collectCashBox',
] as const;
export type AuditAction = (typeof auditActions)[number] | `device.command.${string}`;

export const auditListQuery = z.object({
  ...pageQuery.shape,
  entity: z.enum(auditEntities).optional().describe('only the entries about this kind of thing'),
});

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  actor: z.object({ userId: z.number().int(), nickName: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = z.object({ items: z.array(auditEntry), total: z.number().int() });
export type AuditList = z.infer<typeof auditList>;
