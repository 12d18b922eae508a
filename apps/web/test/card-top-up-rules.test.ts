import { readFileSync } from 'node:fs';
import { cardPrograms } from '@sbo/contracts/schemas/cards';
import { describe, expect, it } from 'vitest';
import {
  cardNumberDigits,
  cardOfferSelector,
  cardTopUpAddress,
  isCardNumber,
  knownCardPrograms,
  sortedTiers,
  tierValue,
  topUpPoll,
} from '../src/features/checkout/utils/card-top-up';
import { cardRefusalOf } from '../src/consumer/cards/refusal';
import { ApiRefusal } from '../src/consumer/lib/api';
import { callingCodeFor, internationalPhone } from '../src/features/checkout/utils/phone-number';
import { forgetSavedCard, readSavedCard, saveCard } from '../src/features/checkout/utils/saved-card';

describe('which place a card page is for', () => {
  it('reads a machine QR code (hwid) first, then a place id, with the member card by default', () => {
    expect(cardOfferSelector(new URLSearchParams('hwid=HW-01&placeId=3'))).toEqual({ hwid: 'HW-01', program: 'vip' });
    expect(cardOfferSelector(new URLSearchParams('placeId=3'))).toEqual({ placeId: 3, program: 'vip' });
    expect(cardOfferSelector(new URLSearchParams('placeId=3&program=ok'))).toEqual({ placeId: 3, program: 'ok' });
  });

  it('names no place for a missing, malformed or unknown-program address', () => {
    expect(cardOfferSelector(new URLSearchParams(''))).toBeNull();
    expect(cardOfferSelector(new URLSearchParams('placeId=abc'))).toBeNull();
    expect(cardOfferSelector(new URLSearchParams('placeId=0'))).toBeNull();
    expect(cardOfferSelector(new URLSearchParams(`hwid=${'x'.repeat(65)}`))).toBeNull();
    expect(cardOfferSelector(new URLSearchParams('placeId=3&program=gold'))).toEqual({ placeId: 3, program: 'vip' });
  });

  it('links a place to its card page, naming the program only when it is not the member card', () => {
    expect(cardTopUpAddress(3)).toBe('/custom/card-top-up?placeId=3');
    expect(cardTopUpAddress(3, 'ok')).toBe('/custom/card-top-up?placeId=3&program=ok');
    expect(cardOfferSelector(new URL(cardTopUpAddress(9, 'ok'), 'http://x').searchParams)).toEqual({
      placeId: 9,
      program: 'ok',
    });
  });
});

describe('top-up tiers', () => {
  it('shows what the card gets: pay 500, get 550', () => {
    expect(tierValue({ amount: 50000, reward: 5000, promotion: null })).toBe(55000);
    expect(tierValue({ amount: 10000, reward: 0, promotion: null })).toBe(10000);
  });

  it('adds a running top-up reward promotion on top of the tier’s reward', () => {
    const promotion = { id: 1, name: 'Top up 1,000, get 150', reward: 15000 };
    expect(tierValue({ amount: 100000, reward: 12000, promotion })).toBe(127000);
  });

  it('lists tiers from the smallest payment up without changing the offer', () => {
    const tiers = [
      { amount: 100000, reward: 15000, promotion: null },
      { amount: 50000, reward: 5000, promotion: null },
    ];
    expect(sortedTiers(tiers).map((tier) => tier.amount)).toEqual([50000, 100000]);
    expect(tiers[0]?.amount).toBe(100000);
  });
});

describe('card numbers and phone numbers as consumers type them', () => {
  it('takes a card number with spaces or dashes, 6 to 20 digits', () => {
    expect(cardNumberDigits('8800 0000-0001')).toBe('880000000001');
    expect(isCardNumber('880000000001')).toBe(true);
    expect(isCardNumber('12345')).toBe(false);
    expect(isCardNumber('12345a')).toBe(false);
  });

  it('turns a local number into international form after the calling code, dropping the trunk 0', () => {
    expect(internationalPhone('+886', '0912 345 678')).toBe('+886912345678');
    expect(internationalPhone('+66', '081-234-5678')).toBe('+66812345678');
    expect(internationalPhone('+852', '9123 4567')).toBe('+85291234567');
  });

  it('keeps a number typed in international form, with + or 00', () => {
    expect(internationalPhone('+886', '+60 12 345 6789')).toBe('+60123456789');
    expect(internationalPhone('+886', '0085291234567')).toBe('+85291234567');
  });

  it('refuses what cannot be a phone number', () => {
    expect(internationalPhone('+886', '12')).toBeNull();
    expect(internationalPhone('+886', 'call me')).toBeNull();
    expect(internationalPhone('+886', '')).toBeNull();
  });

  it("guesses the calling code from the merchant's currency", () => {
    expect(callingCodeFor('THB')).toBe('+66');
    expect(callingCodeFor('MYR')).toBe('+60');
    expect(callingCodeFor('XXX')).toBe('+886');
  });
});

describe('the card remembered on this phone', () => {
  it('remembers a card per merchant and program, and forgets it on request', () => {
    localStorage.clear();
    saveCard('vip', 'Sunny', { number: '880000000001', virtual: true });
    expect(readSavedCard('vip', 'Sunny')).toEqual({ number: '880000000001', virtual: true });
    expect(readSavedCard('ok', 'Sunny')).toBeNull();
    expect(readSavedCard('vip', 'Other shop')).toBeNull();
    forgetSavedCard('vip', 'Sunny');
    expect(readSavedCard('vip', 'Sunny')).toBeNull();
  });

  it('ignores what is stored but is not a card', () => {
    localStorage.setItem('card:vip:Sunny', '{not json');
    expect(readSavedCard('vip', 'Sunny')).toBeNull();
    localStorage.setItem('card:vip:Sunny', JSON.stringify({ number: 'abc', virtual: false }));
    expect(readSavedCard('vip', 'Sunny')).toBeNull();
  });
});

describe('following a top-up order', () => {
  it('asks again while the gateway has not answered, and stops once it has', () => {
    expect(topUpPoll(undefined)).toBe(1500);
    expect(topUpPoll('created')).toBe(1500);
    for (const status of ['paid', 'failed', 'cancelled', 'refunded'] as const) expect(topUpPoll(status)).toBe(false);
  });
});

describe("a refused card step, in the customer's words (the consumer's card page)", () => {
  const english = JSON.parse(
    readFileSync(new URL('../src/consumer/locales/en.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const refused = (code: number | null, status = 478) => new ApiRefusal(status, code, 'no');

  it('names each refusal of the catalogue a consumer can act on, and every other failure plainly', async () => {
    const expected = {
      10005: 'unknownCard',
      1103002: 'topUpUnsupported',
      1103003: 'cardDisabled',
      1103006: 'notAccepted',
      1103007: 'virtualClosed',
      1103008: 'codeInvalid',
      10008: 'smsFailed',
      1103009: 'smsNotSetUp',
      10009: 'smsTooFrequent',
      10010: 'paymentFailed',
    } as const;
    for (const [code, refusal] of Object.entries(expected)) {
      expect(await cardRefusalOf(refused(Number(code))), code).toBe(refusal);
      expect(english[`cardTopUp.refusal.${refusal}`], refusal).toBeTruthy();
    }
    expect(await cardRefusalOf(refused(null, 500))).toBe('other');
    expect(await cardRefusalOf(refused(null, 0))).toBe('other');
    expect(await cardRefusalOf(new Error('drifted'))).toBe('other');
  });
});

describe('the card programs the consumer pages know', () => {
  it("are the contract's", () => {
    expect([...knownCardPrograms]).toEqual([...cardPrograms]);
  });
});
