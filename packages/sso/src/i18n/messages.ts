import type { LanguageCode } from '@sbo/contracts/constants';
import { en } from './en.js';
import { ja } from './ja.js';
import { ms } from './ms.js';
import { th } from './th.js';
import { vi } from './vi.js';
import { zhCN } from './zh-cn.js';
import { zhHK } from './zh-hk.js';
import { zhTW } from './zh-tw.js';

/** Every text of the sign-in pages. `{email}` marks where the (escaped) email goes. */
export type Messages = {
  signInTitle: string;
  signInIntro: string;
  signUpTitle: string;
  signUpIntro: string;
  emailLabel: string;
  passwordLabel: string;
  nameLabel: string;
  newPasswordLabel: string;
  passwordHint: string;
  signInButton: string;
  signUpButton: string;
  noAccountPrompt: string;
  signUpLink: string;
  haveAccountPrompt: string;
  signInLink: string;
  errors: {
    wrongPassword: string;
    unknownAccount: string;
    unknownAccountAction: string;
    emailTaken: string;
    emailTakenAction: string;
    passwordTooShort: string;
    invalidEmail: string;
    missingFields: string;
    tooManyAttempts: string;
  };
  expiredTitle: string;
  expiredText: string;
  errorTitle: string;
  errorText: string;
  signOutTitle: string;
  signOutQuestion: string;
  signOutConfirm: string;
  signOutCancel: string;
  signedOutTitle: string;
  signedOutText: string;
};

// One text set for each of the back-office languages (contracts' `languages`).
const MESSAGES: Record<LanguageCode, Messages> = {
  'zh-TW': zhTW,
  en,
  'zh-HK': zhHK,
  th,
  vi,
  ms,
  'zh-CN': zhCN,
  ja,
};

export function messagesFor(locale: LanguageCode): Messages {
  return MESSAGES[locale];
}
