import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api-client';
import { updateMerchantProfile } from '../../lib/auth-storage';

/**
 * Re-reads the merchant profile on entry, on focus and every minute, so a role or
 * permission change by a manager shows (and hides) screens without a new merchant pick.
 */
export function MerchantProfileSync() {
  const profile = useQuery({
    queryKey: ['session', 'merchantProfile'],
    queryFn: ({ signal }) => callApi(apiRoutes.merchantProfile, { signal, errors: 'silent' }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  useEffect(() => {
    if (profile.data) updateMerchantProfile(profile.data);
  }, [profile.data]);
  return null;
}
