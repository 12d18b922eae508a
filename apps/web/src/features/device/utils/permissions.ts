import { useMerchantProfile } from '../../../lib/use-session';

/** What the member may do on the device screens (docs/permissions.md); the api enforces the same. */
export function useDevicePermissions() {
  const permissions = new Set(useMerchantProfile()?.permissions ?? []);
  return {
    update: permissions.has('device.update'),
    remote: permissions.has('device.remote'),
    readProducts: permissions.has('product.read'),
    readPlaces: permissions.has('place.read'),
  };
}

/** The merchant's currency, for every amount on these screens. */
export const useCurrency = () => useMerchantProfile()?.businessInfo.currency ?? 'TWD';
