import type { CheckoutOrder, CheckoutOrderCreate } from '@sbo/contracts/schemas/checkout';

type CheckoutTheme = NonNullable<CheckoutOrderCreate['theme']>;

/** Which machine a checkout address names: `?hwid=` (the QR code on the machine) or `?deviceId=`. */
export type MachineSelector = { hwid: string } | { deviceId: number };

export function machineSelector(search: URLSearchParams): MachineSelector | null {
  const hwid = search.get('hwid')?.trim();
  if (hwid) return hwid.length <= 64 ? { hwid } : null;
  const deviceId = Number(search.get('deviceId'));
  return Number.isInteger(deviceId) && deviceId > 0 && deviceId <= 2_147_483_647 ? { deviceId } : null;
}

/** The machine's checkout again, in the colours the order was paid in. */
export const checkoutAddressOf = (order: Pick<CheckoutOrder, 'theme' | 'device'>): string =>
  `/${order.theme}/checkout?deviceId=${order.device.id}`;

/** The theme an order is paid in: the variant of the checkout page (`/fn/...`), else the merchant's own. */
export const checkoutThemeOf = (pathname: string): CheckoutTheme => (pathname.startsWith('/fn/') ? 'fn' : 'custom');
