import type { CheckoutOrder, CheckoutOrderCreate } from '@sbo/contracts/schemas/checkout';

type CheckoutTheme = NonNullable<CheckoutOrderCreate['theme']>;

export { machineSelector, type MachineSelector } from '@sbo/contracts/checkout-address';

/** The machine's checkout again, in the colours the order was paid in. */
export const checkoutAddressOf = (order: Pick<CheckoutOrder, 'theme' | 'device'>): string =>
  `/${order.theme}/checkout?deviceId=${order.device.id}`;

/** The theme an order is paid in: the variant of the checkout page (`/fn/...`), else the merchant's own. */
export const checkoutThemeOf = (pathname: string): CheckoutTheme => (pathname.startsWith('/fn/') ? 'fn' : 'custom');
