/** Business constants of spec sections 1, 4 and 9. */

export const languages = [
  { languageCode: 'zh-TW', title: '繁體中文（台灣）', order: 0 },
  { languageCode: 'en', title: 'English', order: 1 },
  { languageCode: 'zh-HK', title: '繁體中文（香港）', order: 2 },
  { languageCode: 'th', title: 'ไทย', order: 3 },
  { languageCode: 'vi', title: 'Tiếng Việt', order: 4 },
  { languageCode: 'ms', title: 'Bahasa Melayu', order: 5 },
  { languageCode: 'zh-CN', title: '简体中文', order: 6 },
  { languageCode: 'ja', title: '日本語', order: 7 },
] as const;
export type LanguageCode = (typeof languages)[number]['languageCode'];
export const languageCodes = languages.map((l) => l.languageCode) as readonly LanguageCode[];
export const defaultLanguage: LanguageCode = 'zh-TW';
export const fallbackLanguage: LanguageCode = 'en';

export const tokenLifetimes = {
  /** Login token, kept 7 days. */
  loginSeconds: 7 * 24 * 60 * 60,
  /** Merchant token, kept 1 day after picking a merchant. */
  merchantSeconds: 24 * 60 * 60,
  /** Invitation code, valid one day, single use. */
  invitationSeconds: 24 * 60 * 60,
} as const;

export const requestTimeoutMs = 30_000;
export const toastMs = 2_000;
export const snackbarMs = 5_000;
export const maxQueryRangeMonths = 3;

export const placeTypes = {
  vendingMachine: 1,
  carWash: 2,
  laundry: 3,
  waterStation: 4,
  refillStation: 5,
  misc: 99,
} as const;

export const machineTypes = {
  All: -1,
  None: 0,
  WashOnly: 1,
  DryOnly: 2,
  Laundry: 3,
  PetOnly: 4,
  Water: 5,
  CarWashing: 6,
  Detergent: 7,
  MoneyChanger: 8,
  ClawVending: 9,
  VendingMachine: 10,
  Kiosk: 11,
} as const;

export const paymentGateways = [
  'offline',
  'cash-card',
  'LinePay',
  'JkoPay',
  'ApplePay',
  'GooglePay',
  'PlusPay',
  'icash Pay',
  'PromptPay',
  'GrabPay',
  'TouchNGo',
  'MoMo',
  'Octopus',
  'WeChat Pay',
  'AliPay',
  'TrueMoney',
  'EDC',
  'ESVC',
  'TWQR',
  'DuitNow',
  /** Not a gateway: a promotion's free cycle, where no money moved (status 90). Never offered as a method. */
  'free',
] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

export const transactionStatuses = {
  offline: 0,
  inSettlement: 1,
  withdrawable: 2,
  withdrawing: 3,
  deposited: 4,
  selfSettled: 5,
  freePromotion: 90,
  /** A platform-gateway sale no confirmed payment order matches: the machine's word, not money. */
  unverified: 97,
  refunded: 98,
} as const;

export const quickRanges = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'oneMonth',
  'threeMonths',
  'custom',
] as const;

export const deviceStatuses = [
  'unknown',
  'online',
  'offline',
  'idle',
  'operating',
  'done',
  'setting',
  'stopped',
  'suspend',
  'drumCleaning',
] as const;
export const washStages = ['none', 'main', 'rinsing1', 'rinsing2', 'rinsing3', 'spin', 'dry', 'cool', 'done'] as const;
export const dryTemperatures = { none: 0, low: 1, mid: 2, high: 3 } as const;

export const promotionStatuses = ['pending', 'active', 'ended', 'disabled'] as const;
export const promotionCategories = ['time_discount', 'spending_bonus', 'deposit_reward'] as const;
export const calculationTypes = ['fixed', 'ceil', 'floor', 'round'] as const;
export const productTemplateTypes = ['list', 'unitProgressive', 'yiot'] as const;
export const additiveTypes = ['detergent', 'softener', 'auxiliary'] as const;
export const units = ['MIN', 'L', 'ML'] as const;
export const bankAccountVerification = ['verifying', 'verified', 'verifyFailed'] as const;
export const logTypes = [
  'error',
  'connection',
  'remoteControl',
  'settlement',
  'banknote',
  'coinDispensed',
  'refill',
  'reset',
] as const;

/** Client storage keys of spec section 9. */
/**
 * At most this many machines receive one command to many machines. Here rather than beside the batch's
 * schemas: the web's device list reads it, and a value import of those schemas brings every schema along.
 */
export const maxBatchDevices = 500;

export const storageKeys = {
  accessToken: 'accessToken',
  merchantToken: 'merchantToken',
  merchantInfo: 'merchantInfo',
  ssoKeyring: 'ssoKeyring',
  loginCode: 'loginCode',
  lang: 'lang',
} as const;
