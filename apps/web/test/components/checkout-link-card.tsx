import type { DeviceInfo } from '@sbo/contracts';
import type { PlaceQrStickers } from '@sbo/contracts/schemas/checkout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceKeys } from '../../src/features/device/api/keys';
import { CheckoutLinkCard } from '../../src/features/device/components/checkout-link-card';
import { sampleDevice } from '../devices-samples';

const washer = { ...sampleDevice, hwid: 'LW-000123' } as DeviceInfo;

/** The card, with the place's sticker sheet (the payable rule) already answered. */
function renderCard(device: DeviceInfo, sheet: PlaceQrStickers['items']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (device.place) client.setQueryData(deviceKeys.payable(device.place.id), { items: sheet });
  render(
    <QueryClientProvider client={client}>
      <CheckoutLinkCard device={device} />
    </QueryClientProvider>,
  );
}

const item = (canTakePayment: boolean, reason: PlaceQrStickers['items'][number]['reason']) => ({
  id: washer.id,
  name: washer.name,
  hwid: washer.hwid,
  canTakePayment,
  reason,
});

describe('CheckoutLinkCard', () => {
  it('offers the checkout link and QR code when the machine can take a payment', () => {
    renderCard(washer, [item(true, null)]);
    const link = screen.getByLabelText<HTMLInputElement>('Checkout link');
    expect(link.value).toBe('http://localhost:3000/custom/checkout?hwid=LW-000123');
    expect(screen.queryByTestId('device-checkout-reason')).toBeNull();
  });

  it("gives the sticker sheet's reason, and no QR code, when it cannot", () => {
    renderCard(washer, [item(false, 'notSelling')]);
    expect(screen.getByTestId('device-checkout-reason').textContent).toBe(
      'This machine cannot take a payment by phone now: Its product template has no courses to sell by phone. Its checkout link and QR code appear here once it can.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says a machine at no place has no way to take a payment', () => {
    renderCard({ ...washer, place: null }, []);
    expect(screen.getByTestId('device-checkout-reason').textContent).toMatch(/^This machine is not at a place/);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
