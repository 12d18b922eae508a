/**
 * Holder ID numbers of bank accounts, by the merchant's country. Taiwan, Thailand and mainland
 * China carry check digits, which are verified; elsewhere the national format is checked.
 */
import { isValidTaiwanTaxId } from './tax-id';

const taiwanLetters = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';

/** Taiwan national ID (A123456789) or resident certificate (A800000014 / AB12345678 old style). */
function isValidTaiwanId(value: string): boolean {
  const id = value.toUpperCase();
  let digits: number[];
  if (/^[A-Z][1289]\d{8}$/.test(id)) {
    digits = [...id.slice(1)].map(Number);
  } else if (/^[A-Z][A-D]\d{8}$/.test(id)) {
    // Old resident certificates: the second letter counts by its code's last digit.
    digits = [(taiwanLetters.indexOf(id[1]!) + 10) % 10, ...[...id.slice(2)].map(Number)];
  } else {
    return false;
  }
  const code = taiwanLetters.indexOf(id[0]!) + 10;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
  const sum = Math.floor(code / 10) + (code % 10) * 9 + digits.reduce((total, d, i) => total + d * weights[i]!, 0);
  return sum % 10 === 0;
}

/** Thai citizen ID: 13 digits, the last a mod-11 check digit. */
function isValidThaiId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)].reduce((total, digit, i) => total + Number(digit) * (13 - i), 0);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

/** Mainland resident ID: 18 characters, ISO 7064 MOD 11-2 check character. */
function isValidChinaId(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...id.slice(0, 17)].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return '10X98765432'[sum % 11] === id[17];
}

const formats: Record<string, RegExp> = {
  HK: /^[A-Z]{1,2}\d{6}\(?[\dA]\)?$/i,
  MY: /^\d{6}-?\d{2}-?\d{4}$/,
  VN: /^(\d{9}|\d{12})$/,
};

/** Whether a bank-account holder's ID number is valid for the merchant's country (1104011 otherwise). */
export function isValidHolderId(country: string, value: string): boolean {
  const trimmed = value.trim();
  switch (country) {
    case 'TW':
      return isValidTaiwanId(trimmed) || isValidTaiwanTaxId(trimmed);
    case 'TH':
      return isValidThaiId(trimmed);
    case 'CN':
      return isValidChinaId(trimmed);
    default: {
      const format = formats[country];
      return format ? format.test(trimmed) : /^[A-Za-z0-9-]{4,32}$/.test(trimmed);
    }
  }
}
