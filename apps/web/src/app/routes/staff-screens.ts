import { lazyComponent } from './screen-route';

// Staff and merchant-account screens, lazily loaded, shared by `/user` (back-office) and `/app` (embedded).
export const staffScreens = {
  memberList: lazyComponent(
    () => import('../../features/members/components/member-list-screen'),
    (module) => module.MemberListScreen,
  ),
  memberDetail: lazyComponent(
    () => import('../../features/members/components/member-detail-screen'),
    (module) => module.MemberDetailScreen,
  ),
  memberInvite: lazyComponent(
    () => import('../../features/members/components/member-invite-screen'),
    (module) => module.MemberInviteScreen,
  ),
  inviteLink: lazyComponent(
    () => import('../../features/members/components/invite-link-screen'),
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
  profile: lazyComponent(
    () => import('../../features/profile/components/profile-screen'),
    (module) => module.ProfileScreen,
  ),
  preferences: lazyComponent(
    () => import('../../features/profile/components/preferences-screen'),
    (module) => module.PreferencesScreen,
  ),
  auditLog: lazyComponent(
    () => import('../../features/audit/components/audit-log-screen'),
    (module) => module.AuditLogScreen,
  ),
};
