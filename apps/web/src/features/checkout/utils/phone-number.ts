/** Calling codes of the markets the product serves, by the merchant's currency. */
export const callingCodes = ['+886', '+852', '+853', '+66', '+84', '+60', '+65', '+86'] as const;
export type CallingCode = (typeof callingCodes)[number];

const codeByCurrency: Record<string, CallingCode> = {
  TWD: '+886',
  HKD: '+852',
  MOP: '+853',
  THB: '+66',
  VND: '+84',
  MYR: '+60',
  SGD: '+65',
  CNY: '+86',
};

/** The calling code a consumer most likely has: the one of the merchant's country. */
export const callingCodeFor = (currency: string): CallingCode => codeByCurrency[currency] ?? '+886';

/**
 * A phone number as the SMS provider takes it (`+886912345678`) from what a consumer types: a whole
 * international number, or a local one (its leading trunk 0 dropped) after the chosen calling code.
 * Null when it cannot be a phone number.
 */
export function internationalPhone(callingCode: CallingCode, typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  const international = compact.startsWith('+')
    ? compact
    : compact.startsWith('00')
      ? `+${compact.slice(2)}`
      : `${callingCode}${compact.replace(/^0/, '')}`;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}
