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
