import type { RouteObject } from 'react-router';
import { lazyComponent, screenRoute } from './screen-route';

// The money screens: the same lazily loaded screens under `/user` (back-office) and `/app` (embedded).
const withdrawScreen = lazyComponent(
  () => import('../../features/wallet/components/wallet-screen'),
  (module) => module.WalletScreen,
);
const withdrawRecordScreen = lazyComponent(
  () => import('../../features/wallet/components/withdraw-record-screen'),
  (module) => module.WithdrawRecordScreen,
);
const bankbookListScreen = lazyComponent(
  () => import('../../features/bankbook/components/bankbook-list-screen'),
  (module) => module.BankbookListScreen,
);
const bankbookCreateScreen = lazyComponent(
  () => import('../../features/bankbook/components/bankbook-create-screen'),
  (module) => module.BankbookCreateScreen,
);
const bankbookDetailScreen = lazyComponent(
  () => import('../../features/bankbook/components/bankbook-detail-screen'),
  (module) => module.BankbookDetailScreen,
);
const bankbookEditScreen = lazyComponent(
  () => import('../../features/bankbook/components/bankbook-edit-screen'),
  (module) => module.BankbookEditScreen,
);
const tripAssistantScreen = lazyComponent(
  () => import('../../features/cashbox/components/cashbox-screen'),
  (module) => module.CashboxScreen,
);

/** Wallet, withdrawal records and bank accounts under `/user` or `/app`. */
export function walletScreens(area: '/user' | '/app'): RouteObject[] {
  const base = `${area}/wallet`;
  return [
    screenRoute(`${base}/withdraw`, 'screen.walletWithdraw', { lazy: withdrawScreen }),
    screenRoute(`${base}/bankbook`, 'screen.bankbookList', { lazy: bankbookListScreen }),
    screenRoute(`${base}/bankbook/create`, 'screen.bankbookCreate', { lazy: bankbookCreateScreen }),
    screenRoute(`${base}/bankbook/:bankbookID`, 'screen.bankbookDetail', { lazy: bankbookDetailScreen }),
    screenRoute(`${base}/bankbook/:bankbookID/edit`, 'screen.bankbookEdit', { lazy: bankbookEditScreen }),
    screenRoute(`${base}/withdraw-record`, 'screen.withdrawRecord', { lazy: withdrawRecordScreen }),
  ];
}

/** The cash-box trip assistant. */
export const cashboxScreen = (path: string): RouteObject =>
  screenRoute(path, 'screen.cashbox', { lazy: tripAssistantScreen });
