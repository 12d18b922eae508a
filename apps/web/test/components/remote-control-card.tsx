import type { DeviceInfo } from '@sbo/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceStatusTag } from '../../src/features/device/components/device-status-tag';
import { RemoteControlCard } from '../../src/features/device/components/remote-control-card';
import { sampleDevice } from '../devices-samples';

const washer: DeviceInfo = {
  ...sampleDevice,
  paymentProduct: null,
  revenue: null,
  firmware: '3.2.0',
  coinCount: 0,
  doorLocked: false,
  doorOpen: false,
  currentCoin: 0,
  extraCoin: 0,
  cumulativeAmount: null,
  cashBoxAmount: null,
  billAcceptor: [],
  coinDispenser: null,
  pricesVersion: null,
  productSynced: null,
  remoteActions: ['insertCoin', 'clearError', 'rebootTablet', 'startCycle'],
  features: { productChange: true, coinDispenser: false, banknoteReset: false, testMode: true, abConfig: true },
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderCard(device: DeviceInfo) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RemoteControlCard device={device} />
    </QueryClientProvider>,
  );
  const button = (name: string) => screen.getByRole('button', { name });
  return { button };
}

describe('RemoteControlCard', () => {
  it('offers insert coin and reboot tablet between customers, and clear error only on a fault', () => {
    const { button } = renderCard(washer);
    expect(button('Insert coin').hasAttribute('disabled')).toBe(false);
    expect(button('Reboot tablet').hasAttribute('disabled')).toBe(false);
    const clear = button('Clear error');
    expect(clear.hasAttribute('disabled')).toBe(true);
    expect(clear.getAttribute('data-unavailable')).toBe('noFault');
    expect(clear.getAttribute('aria-description')).toBe('No fault to clear');
  });

  it('refuses insert coin and reboot tablet mid-cycle, saying why', () => {
    const { button } = renderCard({ ...washer, status: 'operating', stage: 'spin' });
    for (const name of ['Insert coin', 'Reboot tablet']) {
      expect(button(name).hasAttribute('disabled')).toBe(true);
      expect(button(name).getAttribute('aria-description')).toBe('Not possible while a cycle runs: wait until it ends');
    }
  });

  it('offers clear error on a faulted machine', () => {
    const { button } = renderCard({ ...washer, status: 'stopped', stage: 'main', errorCode: 16091006 });
    expect(button('Clear error').hasAttribute('disabled')).toBe(false);
  });
});

describe('DeviceStatusTag', () => {
  it('reads "Fault" on a faulted machine rather than its reported status', () => {
    render(<DeviceStatusTag status="idle" errorCode={16091006} />);
    const tag = screen.getByText('Fault');
    expect(tag.closest('[data-status]')?.getAttribute('data-status')).toBe('fault');
    expect(screen.queryByText('Idle')).toBeNull();
  });

  it('reads the reported status when there is no fault', () => {
    render(<DeviceStatusTag status="idle" errorCode={null} />);
    expect(screen.getByText('Idle')).toBeTruthy();
  });
});
