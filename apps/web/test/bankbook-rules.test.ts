import { describe, expect, it } from 'vitest';
import { checkBankbookField, fieldOfErrorCode } from '../src/features/bank-account/components/bankbook-rules';

describe('bank account form rules', () => {
  it("checks the holder ID number by the merchant's country, as the server does", () => {
    expect(checkBankbookField('holderIdNumber', 'A123456789', 'TW')).toBeNull();
    expect(checkBankbookField('holderIdNumber', '04595257', 'TW')).toBeNull();
    expect(checkBankbookField('holderIdNumber', 'A123456788', 'TW')).toEqual({ key: 'holderIdNumber' });
    expect(checkBankbookField('holderIdNumber', '1101700203450', 'TH')).toBeNull();
    expect(checkBankbookField('holderIdNumber', '1101700203451', 'TH')).toEqual({ key: 'holderIdNumber' });
    expect(checkBankbookField('holderIdNumber', '900101-14-5678', 'MY')).toBeNull();
    expect(checkBankbookField('holderIdNumber', 'A123456789', 'MY')).toEqual({ key: 'holderIdNumber' });
  });

  it("asks for the letters of an ID number in capitals, as printed on the card (the spec's capital letters rule)", () => {
    expect(checkBankbookField('holderIdNumber', 'a123456789', 'TW')).toEqual({ key: 'rule.capitalLetters' });
    expect(checkBankbookField('holderIdNumber', 'a123456(7)', 'HK')).toEqual({ key: 'rule.capitalLetters' });
    expect(checkBankbookField('holderIdNumber', 'A123456789', 'TW')).toBeNull();
  });

  it('lets an edit leave the ID number empty (the stored one is kept), never a new account', () => {
    expect(checkBankbookField('holderIdNumber', '  ', 'TW', true)).toBeNull();
    expect(checkBankbookField('holderIdNumber', '', 'TW')).toEqual({ key: 'required' });
  });

  it("holds bank code and account number to the contracts' patterns and lengths", () => {
    expect(checkBankbookField('bankCode', '812', 'TW')).toBeNull();
    expect(checkBankbookField('bankCode', '8', 'TW')).toEqual({ key: 'bankCode' });
    expect(checkBankbookField('accountNumber', '2068-0100-012345', 'TW')).toBeNull();
    expect(checkBankbookField('accountNumber', '12345', 'TW')).toEqual({ key: 'accountNumber' });
    expect(checkBankbookField('accountNumber', '12345a7', 'TW')).toEqual({ key: 'accountNumber' });
    expect(checkBankbookField('branch', '', 'TW')).toBeNull();
    expect(checkBankbookField('holder', 'x'.repeat(81), 'TW')).toEqual({ key: 'tooLong', values: { max: 80 } });
  });

  it('puts the server refusals on their fields', () => {
    expect(fieldOfErrorCode(1104010)).toBe('accountNumber');
    expect(fieldOfErrorCode(1104011)).toBe('holderIdNumber');
    expect(fieldOfErrorCode(1104003)).toBeNull();
  });
});
