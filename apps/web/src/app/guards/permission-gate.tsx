import type { Role } from '@sbo/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
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
  const { pathname } = useLocation();
  if (!permission || !profile || profile.permissions.includes(permission)) return children;
  return (
    <NoAccessScreen
      key={pathname}
      screen={title}
      homePath={embedded ? undefined : homePath(profile.permissions, profile.member.rbacRole)}
    />
  );
}

/** Where a member's work starts: the overview, else (a store manager) the devices, else the first link of their menu. */
function homePath(permissions: readonly string[], role: Role): string {
  if (permissions.includes('dashboard.read')) return '/dashboard';
  if (permissions.includes('device.read')) return '/device';
  return visibleNavigation(permissions, role)[0]?.links[0]?.path ?? '/user';
}
