import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlaceDeviceSelects } from '../../src/components/ui/sales-filters/place-device-select';
import { pickerKeys } from '../../src/lib/picker-queries';
import type { SalesFilters } from '../../src/lib/sales-filters';

/** The pickers read the cached fleet lists; seeded here, nothing is fetched while they are fresh. */
function renderWithFleet(filters: SalesFilters, onChange: (filters: SalesFilters) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(pickerKeys.places(), {
    items: [
      { id: 1, title: 'Main street' },
      { id: 2, title: 'Harbour road' },
    ],
    total: 2,
  });
  client.setQueryData(pickerKeys.devices(1), { items: [{ id: 10, name: 'Washer 1' }], total: 1 });
  render(
    <QueryClientProvider client={client}>
      <PlaceDeviceSelects filters={filters} onChange={onChange} />
    </QueryClientProvider>,
  );
}

describe('PlaceDeviceSelects', () => {
  it('names both pickers and shows the chosen place and machine', () => {
    renderWithFleet({ range: 'today', placeId: 1, deviceId: 10 }, () => undefined);
    expect(screen.getByRole('combobox', { name: 'Place' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Machine' })).toBeTruthy();
    expect(screen.getByTitle('Main street')).toBeTruthy();
    expect(screen.getByTitle('Washer 1')).toBeTruthy();
  });

  it('another place clears the machine and keeps the other choices', async () => {
    const onChange = vi.fn();
    renderWithFleet({ range: 'today', placeId: 1, deviceId: 10, payGateway: undefined }, onChange);
    await userEvent.click(screen.getByRole('combobox', { name: 'Place' }));
    await userEvent.click(await screen.findByTitle('Harbour road'));
    expect(onChange).toHaveBeenLastCalledWith({
      range: 'today',
      placeId: 2,
      deviceId: undefined,
      payGateway: undefined,
    });
  });
});
