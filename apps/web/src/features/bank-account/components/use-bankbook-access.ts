import { useMerchantProfile } from '../../../lib/use-session';

/** What the signed-in member may do with bank accounts, and the country their ID numbers follow. */
export function useBankbookAccess() {
  const profile = useMerchantProfile();
  const permissions = profile?.permissions ?? [];
  return {
    canManage: permissions.includes('bankbook.manage'),
    isAgent: profile?.member.rbacRole === 'root',
    country: profile?.businessInfo.country ?? '',
  };
}
