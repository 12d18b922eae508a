import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { endpointAddress } from '../../../lib/api-client';
import { getMerchantToken } from '../../../lib/auth-storage';
import { cashboxKeys } from './keys';

const quietMs = 2_000;

/**
 * Keeps an open trip's cash-box amounts live: any device update refetches the trip, at most
 * once every two seconds (a busy fleet reports many times a second). EventSource reconnects itself.
 */
export function useLiveTrip(tripId: number, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getMerchantToken();
    if (!enabled || !token || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointAddress(apiRoutes.deviceEvents, { query: { token } }));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: cashboxKeys.trip(tripId) });
      }, quietMs);
    };
    source.addEventListener('device', refresh);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, queryClient, tripId]);
}
