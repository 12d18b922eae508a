import type { LanguageCode, PaymentGateway } from './constants';

// The one name each payment gateway goes by, on back-office screens and consumer pages alike. Brands
// are written as their owners write them, and in the local name where the brand has one (街口支付,
// 八達通, 支付寶, พร้อมเพย์); the product's own methods (cash, the cards, a card terminal) are translated.

type Localized = Partial<Record<LanguageCode, string>>;
type GatewayName = { brand: string; localized?: Localized };

const chinese = (traditional: string, simplified: string): Localized => ({
  'zh-TW': traditional,
  'zh-HK': traditional,
  'zh-CN': simplified,
});

const everyLanguage = (names: Record<LanguageCode, string>): GatewayName => ({ brand: names.en, localized: names });

const gatewayNames: Record<PaymentGateway, GatewayName> = {
  offline: everyLanguage({
    'zh-TW': '現金（線下）',
    en: 'Cash (offline)',
    'zh-HK': '現金（線下）',
    th: 'เงินสด (ออฟไลน์)',
    vi: 'Tiền mặt (ngoại tuyến)',
    ms: 'Tunai (luar talian)',
    'zh-CN': '现金（线下）',
    ja: '現金（オフライン）',
  }),
  'cash-card': everyLanguage({
    'zh-TW': '儲值卡',
    en: 'Cash card',
    'zh-HK': '儲值卡',
    th: 'บัตรเงินสด',
    vi: 'Thẻ trả trước',
    ms: 'Kad tunai',
    'zh-CN': '储值卡',
    ja: 'プリペイドカード',
  }),
  ESVC: everyLanguage({
    'zh-TW': '會員卡',
    en: 'Member card',
    'zh-HK': '會員卡',
    th: 'บัตรสมาชิก',
    vi: 'Thẻ thành viên',
    ms: 'Kad ahli',
    'zh-CN': '会员卡',
    ja: '会員カード',
  }),
  EDC: everyLanguage({
    'zh-TW': '刷卡機（EDC）',
    en: 'Card terminal (EDC)',
    'zh-HK': '信用卡機（EDC）',
    th: 'เครื่องรูดบัตร (EDC)',
    vi: 'Máy quẹt thẻ (EDC)',
    ms: 'Terminal kad (EDC)',
    'zh-CN': '刷卡机（EDC）',
    ja: 'カード端末（EDC）',
  }),
  free: everyLanguage({
    'zh-TW': '免費',
    en: 'Free',
    'zh-HK': '免費',
    th: 'ฟรี',
    vi: 'Miễn phí',
    ms: 'Percuma',
    'zh-CN': '免费',
    ja: '無料',
  }),
  LinePay: { brand: 'LINE Pay' },
  JkoPay: { brand: 'JKO PAY', localized: chinese('街口支付', '街口支付') },
  ApplePay: { brand: 'Apple Pay' },
  GooglePay: { brand: 'Google Pay' },
  PlusPay: { brand: 'PlusPay', localized: chinese('全盈+PAY', '全盈+PAY') },
  'icash Pay': { brand: 'icash Pay' },
  PromptPay: { brand: 'PromptPay', localized: { th: 'พร้อมเพย์' } },
  GrabPay: { brand: 'GrabPay' },
  TouchNGo: { brand: "Touch 'n Go eWallet" },
  MoMo: { brand: 'MoMo' },
  Octopus: { brand: 'Octopus', localized: chinese('八達通', '八达通') },
  'WeChat Pay': { brand: 'WeChat Pay', localized: chinese('微信支付', '微信支付') },
  AliPay: { brand: 'Alipay', localized: chinese('支付寶', '支付宝') },
  TrueMoney: { brand: 'TrueMoney Wallet' },
  TWQR: { brand: 'TWQR' },
  DuitNow: { brand: 'DuitNow' },
};

/**
 * How a payment gateway is named to people in a language. A gateway the contract does not list (an
 * older record's) keeps the name it was stored under.
 */
export function gatewayDisplayName(gateway: string, language: LanguageCode): string {
  const name = (gatewayNames as Partial<Record<string, GatewayName>>)[gateway];
  if (!name) return gateway;
  return name.localized?.[language] ?? name.brand;
}
