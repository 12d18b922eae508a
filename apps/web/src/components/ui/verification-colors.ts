import type { BankAccount } from '@sbo/contracts';

/** A bank account's verification status as a tag colour, the same on the wallet and the bank-account screens. */
export const verificationColors = {
  verifying: 'processing',
  verified: 'success',
  verifyFailed: 'error',
} as const satisfies Record<BankAccount['verification'], string>;
