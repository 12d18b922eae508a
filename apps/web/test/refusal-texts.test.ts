import { errorCatalogue, ErrorCode } from '@sbo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { errorFromResponse } from '../src/lib/api-errors';
import { hasTranslation, switchLanguage } from '../src/lib/i18n';

afterEach(async () => {
  await switchLanguage('en');
});

describe('error texts', () => {
  it('word every catalogue code, so no refusal falls back to the server English', () => {
    const missing = errorCatalogue.filter((entry) => !hasTranslation(`error.${entry.code}`)).map((e) => e.code);
    expect(missing).toEqual([]);
  });

  it('show a settled trip as what happened, not as "400 - wrong information"', async () => {
    const answer = { code: ErrorCode.CASHBOX_TRIP_SETTLED, message: 'This trip is already settled.' };
    expect(errorFromResponse(478, answer).message).toBe('1110001 - This trip is already settled.');
    await switchLanguage('zh-TW');
    expect(errorFromResponse(478, answer).message).toBe('1110001 - 此行程已結算。');
  });

  it('tell a missing member apart from not being a member yourself', () => {
    const missing = errorFromResponse(478, { code: ErrorCode.MEMBER_NOT_FOUND, message: '' }).text;
    const notMember = errorFromResponse(478, { code: ErrorCode.MERCHANT_MEMBER_NOT_FOUND, message: '' }).text;
    expect(missing).toBe('This member does not exist.');
    expect(notMember).toBe('You are not a member of this merchant.');
  });
});
