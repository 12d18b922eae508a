import { isValidHolderId } from '@sbo/contracts/id-numbers';

export type BankbookField = 'bankCode' | 'bankName' | 'branch' | 'accountNumber' | 'holder' | 'holderIdNumber';

/** A translation key (under `bankbook.rule`, or a spec form rule `rule.*`) and its values, or null when the value is fine. */
type RuleProblem = { key: string; values?: Record<string, string | number> } | null;

const limits: Record<BankbookField, number> = {
  bankCode: 11,
  bankName: 80,
  branch: 80,
  accountNumber: 34,
  holder: 80,
  holderIdNumber: 32,
};

/**
 * The contracts' rules of a bank account (bankAccountInput and the holder ID check of the
 * merchant's country), so the form says what the server would refuse before it is sent.
 * `optional` is for the holder ID of an edit, where empty keeps the stored number.
 */
export function checkBankbookField(
  field: BankbookField,
  raw: string | undefined,
  country: string,
  optional = false,
): RuleProblem {
  const value = (raw ?? '').trim();
  if (!value) return field === 'branch' || optional ? null : { key: 'required' };
  if (value.length > limits[field]) return { key: 'tooLong', values: { max: limits[field] } };
  if (field === 'bankCode' && !/^[A-Za-z0-9]{2,11}$/.test(value)) return { key: 'bankCode' };
  if (field === 'accountNumber' && !/^[0-9-]{6,34}$/.test(value)) return { key: 'accountNumber' };
  // The bank matches the number as printed on the ID card, letters in capitals (A123456789, not a123456789).
  if (field === 'holderIdNumber' && /[a-z]/.test(value)) return { key: 'rule.capitalLetters' };
  if (field === 'holderIdNumber' && !isValidHolderId(country, value)) return { key: 'holderIdNumber' };
  return null;
}

/** The field a server refusal belongs on: 1104010 the account number, 1104011 the ID number. */
export function fieldOfErrorCode(code: number | null): BankbookField | null {
  if (code === 1104010) return 'accountNumber';
  if (code === 1104011) return 'holderIdNumber';
  return null;
}
