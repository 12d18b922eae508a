import type { ReactNode } from 'react';
import { useScreenPermission, useScreenTitle } from '../../components/ui/use-screen-title';
import { NoAccessScreen } from '../../features/shell/components/no-access-screen';
import { useMerchantProfile } from '../../lib/use-session';
import { visibleNavigation } from '../layouts/navigation-items';

/**
 * Shows the screen only when the member holds the permission its route declares (`screenRoute`'s
 * `permission`); anyone else gets a plain "no access" screen with a way back, never a failed call.
 */
export function PermissionGate({ children, embedded = false }: { children: ReactNode; embedded?: boolean }) {
  const profile = useMerchantProfile();
  const permission = useScreenPermission();
  const title = useScreenTitle() ?? '';
  if (!permission || !profile || profile.permissions.includes(permission)) return children;
  const home = visibleNavigation(profile.permissions, profile.member.rbacRole)[0]?.links[0]?.path ?? '/user';
  return <NoAccessScreen screen={title} homePath={embedded ? undefined : home} />;
}
