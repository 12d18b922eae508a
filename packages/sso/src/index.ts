export { ssoPlugin, type SsoPluginOptions } from './sso-plugin.js';
export type { SsoClient } from './provider.js';
export { migrateSso } from './migrate.js';
export {
  createAccount,
  EmailAlreadyRegisteredError,
  findAccountByEmail,
  type NewAccount,
  type SsoAccount,
} from './accounts.js';
export { hashPassword, verifyPassword } from './password.js';
export { issuerPath } from './provider.js';
export { type AccountLockout, DEFAULT_ACCOUNT_LOCKOUT } from './account-attempts.js';
export { pickLocale } from './i18n/locale.js';
export { PAGE_HEADERS } from './pages/styles.js';
export { MIN_PASSWORD_LENGTH } from './pages/sign-up-page.js';
export {
  renderSetupDonePage,
  renderSetupNoticePage,
  renderSetupPage,
  type SetupFormError,
  type SetupNotice,
} from './pages/setup-page.js';
