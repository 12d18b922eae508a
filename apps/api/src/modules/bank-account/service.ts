import {
  ErrorCode,
  isValidHolderId,
  type BankAccount,
  type BankAccountInput,
  type BankAccountUpdate,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { MerchantAuth } from '../../plugins/access';
import type { MerchantScope } from '../../scope/merchant-scope';
import { findMerchant } from '../merchant/service';
import * as repo from './repository';

/** The wallet reads the merchant's default account for a withdrawal. */
export { findDefaultBankAccount } from './repository';

/** All but the last four characters hidden: enough to recognise an account, not to use it. */
export const maskTail = (value: string) =>
  value.length <= 4 ? value : `${'•'.repeat(value.length - 4)}${value.slice(-4)}`;

export function toBankAccount(row: repo.BankAccountRow): BankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    branch: row.branch,
    accountNumber: row.accountNumber,
    holder: row.holder,
    holderIdNumber: maskTail(row.holderIdNumber),
    verification: row.verification,
    verificationNote: row.verificationNote,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a change to these fields means: the bank must check the account again. */
const identityFields = ['bankCode', 'accountNumber', 'holder', 'holderIdNumber'] as const;

/**
 * Bank accounts (bank books) a merchant withdraws to: verified by a service agent before use,
 * one of them the default. Errors: 1104010 account exists, 1104011 invalid holder ID number,
 * 10005 no such account of this merchant (another merchant's answers alike: no existence oracle).
 */
export function createBankAccountService(deps: { db: Database }) {
  const { db } = deps;

  async function checkHolderId(scope: MerchantScope, holderIdNumber: string) {
    const merchant = await findMerchant(db, scope);
    if (!merchant) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    if (!isValidHolderId(merchant.country, holderIdNumber)) throw new AppError(ErrorCode.ID_NUMBER_INVALID);
  }

  async function owned(scope: MerchantScope, id: number) {
    const row = await repo.findOwnBankAccount(db, scope, id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return row;
  }

  return {
    async list(scope: MerchantScope) {
      return (await repo.listBankAccounts(db, scope)).map(toBankAccount);
    },

    async detail(scope: MerchantScope, id: number) {
      return toBankAccount(await owned(scope, id));
    },

    async create(auth: MerchantAuth, input: BankAccountInput) {
      await checkHolderId(auth, input.holderIdNumber);
      return db.transaction(async (tx) => {
        const existing = await repo.listBankAccounts(tx, auth);
        const isDefault = input.isDefault || existing.length === 0;
        if (isDefault) await repo.clearDefault(tx, auth);
        const row = await repo.insertBankAccount(tx, {
          merchantId: auth.merchantId,
          ...input,
          holderIdNumber: input.holderIdNumber.toUpperCase(),
          isDefault,
        });
        if (!row) throw new AppError(ErrorCode.BANK_ACCOUNT_EXISTS);
        const after = toBankAccount(row);
        await writeAudit(tx, auth, {
          action: 'bankAccount.create',
          entity: 'bankAccount',
          entityId: row.id,
          after,
        });
        return after;
      });
    },

    async update(auth: MerchantAuth, id: number, input: BankAccountUpdate) {
      const stored = await owned(auth, id);
      const holderIdNumber = input.holderIdNumber ?? stored.holderIdNumber;
      if (input.holderIdNumber !== undefined) await checkHolderId(auth, holderIdNumber);
      return db.transaction(async (tx) => {
        const before = await repo.findOwnBankAccount(tx, auth, id, true);
        if (!before) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        const changes = { ...input, holderIdNumber: holderIdNumber.toUpperCase() };
        const recheck = identityFields.some((field) => changes[field] !== before[field]);
        // The default can move to another account, never vanish: unsetting it here keeps it.
        const isDefault = before.isDefault || input.isDefault;
        if (isDefault && !before.isDefault) await repo.clearDefault(tx, auth);
        const clash = (await repo.listBankAccounts(tx, auth)).some(
          (other) =>
            other.id !== id && other.bankCode === changes.bankCode && other.accountNumber === changes.accountNumber,
        );
        if (clash) throw new AppError(ErrorCode.BANK_ACCOUNT_EXISTS);
        const row = await repo.updateBankAccount(tx, id, {
          ...changes,
          isDefault,
          ...(recheck ? { verification: 'verifying' as const, verificationNote: '' } : {}),
        });
        const after = toBankAccount(row);
        await writeAudit(tx, auth, {
          action: 'bankAccount.update',
          entity: 'bankAccount',
          entityId: id,
          before: toBankAccount(before),
          after,
        });
        return after;
      });
    },

    /** Service agents: every merchant's accounts, those awaiting verification first. */
    async listForAgents(verification?: repo.BankAccountRow['verification']) {
      return (await repo.listForAgents(db, verification)).map(({ account, companyName }) => ({
        ...toBankAccount(account),
        merchantId: account.merchantId,
        companyName,
      }));
    },

    async verify(agent: MerchantAuth, id: number, input: { verification: 'verified' | 'verifyFailed'; note: string }) {
      return db.transaction(async (tx) => {
        const before = await repo.findBankAccount(tx, id);
        if (!before) throw new AppError(ErrorCode.DATA_NOT_FOUND);
        const row = await repo.updateBankAccount(tx, id, {
          verification: input.verification,
          verificationNote: input.note,
        });
        await writeAudit(
          tx,
          { merchantId: before.merchantId, userId: agent.userId },
          {
            action: `bankAccount.${input.verification}`,
            entity: 'bankAccount',
            entityId: id,
            before: { verification: before.verification },
            after: { verification: row.verification, note: input.note },
          },
        );
        return { ...toBankAccount(row), merchantId: row.merchantId, companyName: '' };
      });
    },
  };
}
export type BankAccountService = ReturnType<typeof createBankAccountService>;
