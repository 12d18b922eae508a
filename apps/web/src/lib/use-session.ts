import type { MerchantProfile } from '@sbo/contracts';
import { useSyncExternalStore } from 'react';
import { getMerchantProfile, subscribeToSession } from './auth-storage';

/** The picked merchant's profile, kept current when the session changes (here or in another tab). */
export function useMerchantProfile(): MerchantProfile | null {
  return useSyncExternalStore(subscribeToSession, getMerchantProfile);
}
