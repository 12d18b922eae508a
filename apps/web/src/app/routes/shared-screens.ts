import { lazyComponent } from './screen-route';

// The screens that both the manager centre (manager-routes) and the embedded `/app` area (embedded-routes)
// open, each downloaded when first opened. A screen that only one area opens is declared in that area's file.
export const sharedScreens = {
  revenueStatistics: lazyComponent(
    () => import('../../features/transaction/components/revenue-statistics-screen'),
    (module) => module.RevenueStatisticsScreen,
  ),
  transactionRecord: lazyComponent(
    () => import('../../features/transaction/components/transaction-record-screen'),
    (module) => module.TransactionRecordScreen,
  ),
  cashbox: lazyComponent(
    () => import('../../features/cashbox/components/cashbox-screen'),
    (module) => module.CashboxScreen,
  ),
  deviceInfo: lazyComponent(
    () => import('../../features/device/components/device-info-screen'),
    (module) => module.DeviceInfoScreen,
  ),
  productInfo: lazyComponent(
    () => import('../../features/product/components/product-info-screen'),
    (module) => module.ProductInfoScreen,
  ),
  memberList: lazyComponent(
    () => import('../../features/member/components/member-list-screen'),
    (module) => module.MemberListScreen,
  ),
  memberDetail: lazyComponent(
    () => import('../../features/member/components/member-detail-screen'),
    (module) => module.MemberDetailScreen,
  ),
  memberInvite: lazyComponent(
    () => import('../../features/member/components/member-invite-screen'),
    (module) => module.MemberInviteScreen,
  ),
  inviteLink: lazyComponent(
    () => import('../../features/member/components/invite-link-screen'),
    (module) => module.InviteLinkScreen,
  ),
  merchantInfo: lazyComponent(
    () => import('../../features/merchant/components/merchant-info-screen'),
    (module) => module.MerchantInfoScreen,
  ),
  merchantEdit: lazyComponent(
    () => import('../../features/merchant/components/merchant-edit-screen'),
    (module) => module.MerchantEditScreen,
  ),
  payment: lazyComponent(
    () => import('../../features/payment/components/payment-screen'),
    (module) => module.PaymentScreen,
  ),
  walletWithdraw: lazyComponent(
    () => import('../../features/wallet/components/wallet-screen'),
    (module) => module.WalletScreen,
  ),
  withdrawRecord: lazyComponent(
    () => import('../../features/wallet/components/withdraw-record-screen'),
    (module) => module.WithdrawRecordScreen,
  ),
  bankbookList: lazyComponent(
    () => import('../../features/bank-account/components/bankbook-list-screen'),
    (module) => module.BankbookListScreen,
  ),
  bankbookCreate: lazyComponent(
    () => import('../../features/bank-account/components/bankbook-create-screen'),
    (module) => module.BankbookCreateScreen,
  ),
  bankbookDetail: lazyComponent(
    () => import('../../features/bank-account/components/bankbook-detail-screen'),
    (module) => module.BankbookDetailScreen,
  ),
  bankbookEdit: lazyComponent(
    () => import('../../features/bank-account/components/bankbook-edit-screen'),
    (module) => module.BankbookEditScreen,
  ),
  vipCardRecord: lazyComponent(
    () => import('../../features/cards/components/card-screens'),
    (module) => module.VipCardRecordScreen,
  ),
  vipCardStatistics: lazyComponent(
    () => import('../../features/cards/components/card-screens'),
    (module) => module.VipCardStatisticsScreen,
  ),
  vipCardList: lazyComponent(
    () => import('../../features/cards/components/card-screens'),
    (module) => module.VipCardListScreen,
  ),
  vipCardDetail: lazyComponent(
    () => import('../../features/cards/components/card-screens'),
    (module) => module.VipCardDetailScreen,
  ),
  vipCardSettings: lazyComponent(
    () => import('../../features/cards/components/card-screens'),
    (module) => module.VipCardSettingsScreen,
  ),
};
