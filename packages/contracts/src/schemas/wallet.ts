import { z } from 'zod';
import { pageQuery } from './pagination';
import { minor } from './common';
import { bankAccountVerification } from '../constants';

const text = (max: number) => z.string().trim().min(1).max(max);

export const bankAccountInput = z.object({
  bankCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,11}$/, 'bank code: 2-11 letters or digits'),
  bankName: text(80),
  branch: z.string().trim().max(80).default(''),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9-]{6,34}$/, 'account number: 6-34 digits'),
  holder: text(80),
  holderIdNumber: text(32).describe("checked by the merchant country's rules (1104011)"),
  isDefault: z.boolean().default(false).describe('the account withdrawals go to'),
});
export type BankAccountInput = z.infer<typeof bankAccountInput>;

/** An edit: the stored ID number is only shown masked, so leaving it out keeps it. */
export const bankAccountUpdate = bankAccountInput.extend({
  holderIdNumber: text(32).optional().describe('absent: keep the stored one'),
});
export type BankAccountUpdate = z.infer<typeof bankAccountUpdate>;

export const bankAccount = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  holder: z.string(),
  holderIdNumber: z.string().describe('masked except the last four characters'),
  verification: z.enum(bankAccountVerification),
  verificationNote: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const bankAccountVerificationInput = z.object({
  verification: z.enum(['verified', 'verifyFailed']),
  note: z.string().trim().max(200).default(''),
});

export const adminBankAccount = bankAccount.extend({
  merchantId: z.number().int(),
  companyName: z.string(),
});
export type AdminBankAccount = z.infer<typeof adminBankAccount>;

export const walletSummary = z.object({
  currency: z.string(),
  withdrawable: minor.describe('settled, less mobile-payment fees, not yet withdrawn'),
  processing: minor.describe('withdrawals on their way to the bank'),
  withdrawn: minor.describe('withdrawals that reached the bank'),
  withdrawFee: minor.describe('flat fee of one withdrawal'),
  totalFee: minor.describe('mobile-payment fees of the withdrawable transactions'),
  settlementAmount: minor.describe('collected by the gateways for the withdrawable transactions'),
  totalAmount: minor.describe('what a withdrawal now would transfer: withdrawable less the withdraw fee'),
  inSettlement: minor.describe('collected, not yet posted (less fees)'),
  transactionCount: z.number().int().describe('withdrawable transactions'),
  bankAccount: bankAccount.nullable().describe('the default account, if any'),
  payoutProvider: z
    .object({ name: z.string(), sandbox: z.boolean() })
    .nullable()
    .describe('where withdrawals go; null: payouts are not set up on this server (no withdrawal is taken)'),
});
export type WalletSummary = z.infer<typeof walletSummary>;

const withdrawalStatuses = ['processing', 'completed', 'failed'] as const;
export const withdrawal = z.object({
  id: z.number().int(),
  status: z.enum(withdrawalStatuses),
  currency: z.string(),
  transactionCount: z.number().int(),
  settlementAmount: minor,
  totalFee: minor,
  withdrawFee: minor,
  totalAmount: minor,
  bankAccount: bankAccount
    .pick({ id: true, bankCode: true, bankName: true, branch: true, holder: true })
    .extend({ accountNumber: z.string().describe('masked except the last four digits') })
    .describe('the account as it was paid to, whatever was edited since'),
  provider: z.string(),
  providerReference: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalListQuery = pageQuery;
