import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { languageCodes, paymentGateways } from '@sbo/contracts/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayLabel } from '../src/components/ui/sales-filters/sales-labels';
import { currencySymbol, formatCurrencyName, formatMoney } from '../src/lib/format';
import { switchLanguage } from '../src/lib/i18n';

describe('one name per payment gateway', () => {
  afterEach(() => switchLanguage('en'));

  it('names every gateway of the contract in every language, brands as their owners write them', () => {
    for (const language of languageCodes)
      for (const gateway of paymentGateways) expect(gatewayDisplayName(gateway, language)).not.toBe('');
    expect(gatewayDisplayName('LinePay', 'en')).toBe('LINE Pay');
    expect(gatewayDisplayName('JkoPay', 'en')).toBe('JKO PAY');
    expect(gatewayDisplayName('ApplePay', 'ja')).toBe('Apple Pay');
    expect(gatewayDisplayName('icash Pay', 'zh-TW')).toBe('icash Pay');
  });

  it('uses the local name where the brand has one', () => {
    expect(gatewayDisplayName('JkoPay', 'zh-TW')).toBe('街口支付');
    expect(gatewayDisplayName('Octopus', 'zh-HK')).toBe('八達通');
    expect(gatewayDisplayName('AliPay', 'zh-CN')).toBe('支付宝');
    expect(gatewayDisplayName('PromptPay', 'th')).toBe('พร้อมเพย์');
    expect(gatewayDisplayName('offline', 'ja')).toBe('現金（オフライン）');
  });

  it('is the same name on back-office screens and consumer pages', async () => {
    for (const language of ['en', 'zh-TW', 'ja'] as const) {
      await switchLanguage(language);
      for (const gateway of paymentGateways) expect(gatewayLabel(gateway)).toBe(gatewayDisplayName(gateway, language));
    }
  });

  it('keeps a name the contract does not list', () => {
    expect(gatewayDisplayName('SomeNewWallet', 'en')).toBe('SomeNewWallet');
  });
});

describe('one currency format', () => {
  it('labels carry the symbol amounts carry, never the ISO code', () => {
    expect(formatMoney(50_000, 'TWD', 'en')).toBe('NT$500.00');
    expect(currencySymbol('TWD', 'en')).toBe('NT$');
    expect(currencySymbol('TWD', 'ja')).toBe('NT$');
    expect(formatMoney(50_000, 'TWD', 'zh-TW').startsWith(currencySymbol('TWD', 'zh-TW'))).toBe(true);
    expect(formatCurrencyName('TWD', 'en')).toBe('New Taiwan Dollar (NT$)');
  });
});
