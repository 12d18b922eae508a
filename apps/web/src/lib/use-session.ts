import type { MerchantProfile, Permission } from '@sbo/contracts';
import { useSyncExternalStore } from 'react';
import { getMerchantProfile, subscribeToSession } from './auth-storage';

/** The picked merchant's profile, kept current when the session changes (here or in another tab). */
export function useMerchantProfile(): MerchantProfile | null {
  return useSyncExternalStore(subscribeToSession, getMerchantProfile);
}

/**
 * Whether the picked member may do something (docs/permissions.md): the profile's `permissions` already
 * folds in the role, the permission groups and suspension. Screens ask this before offering an action.
 */
export function useCan(): (permission: Permission) => boolean {
  const permissions = useMerchantProfile()?.permissions;
  return (permission) => permissions?.includes(permission) ?? false;
}
