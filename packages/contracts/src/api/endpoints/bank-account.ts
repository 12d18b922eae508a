import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { bankAccountVerification } from '../../constants';
import { idParam } from '../../schemas/common';
import {
  adminBankAccount,
  bankAccount,
  bankAccountInput,
  bankAccountUpdate,
  bankAccountVerificationInput,
} from '../../schemas/wallet';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

// Documented with the wallet the withdrawals go from.
const tags = ['wallet'];
const agentTags = ['service agents'];

export const bankAccountEndpoints = {
  bankAccountList: endpoint(apiRoutes.bankAccountList, {
    tags,
    summary: "The merchant's bank accounts, the default first",
    result: z.array(bankAccount),
    refusals: [],
  }),
  bankAccountCreate: endpoint(apiRoutes.bankAccountCreate, {
    tags,
    summary: 'Add a bank account (verifying until a service agent checks it); 1104010 exists, 1104011 bad ID number',
    body: bankAccountInput,
    result: bankAccount,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND, ErrorCode.ID_NUMBER_INVALID, ErrorCode.BANK_ACCOUNT_EXISTS],
  }),
  bankAccountDetail: endpoint(apiRoutes.bankAccountDetail, {
    tags,
    summary: "One bank account; 10005 when there is none of this id, another merchant's included",
    params: idParam,
    result: bankAccount,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  bankAccountUpdate: endpoint(apiRoutes.bankAccountUpdate, {
    tags,
    summary:
      'Edit a bank account (no holderIdNumber: keep it); changing the bank, number, holder or ID number needs verification again',
    params: idParam,
    body: bankAccountUpdate,
    result: bankAccount,
    refusals: [
      ErrorCode.DATA_NOT_FOUND,
      ErrorCode.USER_OR_MERCHANT_NOT_FOUND,
      ErrorCode.ID_NUMBER_INVALID,
      ErrorCode.BANK_ACCOUNT_EXISTS,
    ],
  }),
  adminBankAccountList: endpoint(apiRoutes.adminBankAccountList, {
    tags: agentTags,
    summary: "Every merchant's bank accounts, those awaiting verification first",
    query: z.object({ verification: z.enum(bankAccountVerification).optional() }),
    result: z.array(adminBankAccount),
    refusals: [],
  }),
  adminBankAccountVerify: endpoint(apiRoutes.adminBankAccountVerify, {
    tags: agentTags,
    summary: 'Mark a bank account verified or failed, with a note for the merchant',
    params: idParam,
    body: bankAccountVerificationInput,
    result: adminBankAccount,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
};
