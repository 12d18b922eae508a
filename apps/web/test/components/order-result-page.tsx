import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OrderResultPage, type OrderResultTexts } from '../../src/components/ui/order-result-page';

type Order = { id: string; status: string };

const texts: OrderResultTexts = {
  noOrder: { title: 'No order', description: 'The link names no order.' },
  loading: 'Loading the order',
  unknownOrder: { title: 'Unknown order', description: 'No such order.' },
  loadFailed: { title: 'Not loaded', description: 'Check the connection.' },
  tryAgain: 'Try again',
};
const unknownError = new Error('unknown');

/** A query in one state, as useQuery would answer; the page reads only these fields. */
function queryIn(state: Partial<UseQueryResult<Order>>): UseQueryResult<Order> {
  return { isPending: false, isFetching: false, data: undefined, error: null, refetch: vi.fn(), ...state } as never;
}

function renderAt(address: string, query: UseQueryResult<Order>) {
  const useOrder = vi.fn((_orderId: string) => query);
  render(
    <MemoryRouter initialEntries={[address]}>
      <OrderResultPage<Order>
        idPattern={/^[A-Za-z0-9_-]{8,64}$/}
        useOrder={useOrder}
        isUnknownOrder={(error) => error === unknownError}
        texts={texts}
      >
        {(order) => <p data-testid="outcome">{`${order.id} ${order.status}`}</p>}
      </OrderResultPage>
    </MemoryRouter>,
  );
  return useOrder;
}

describe('OrderResultPage', () => {
  it('looks nothing up when the address names no well-formed order', () => {
    const useOrder = renderAt('/result?orderId=bad!', queryIn({}));
    expect(screen.getByRole('alert').textContent).toContain('The link names no order.');
    expect(screen.getByRole('heading', { level: 1, name: 'No order' })).toBeTruthy();
    expect(useOrder).not.toHaveBeenCalled();
  });

  it('shows the loading state, then the order once it is loaded', () => {
    renderAt('/result?orderId=ORDER-12345', queryIn({ isPending: true }));
    expect(screen.getByText('Loading the order')).toBeTruthy();
  });

  it('hands the loaded order to the screen', () => {
    const useOrder = renderAt('/result?orderId=ORDER-12345', queryIn({ data: { id: 'ORDER-12345', status: 'paid' } }));
    expect(useOrder).toHaveBeenCalledWith('ORDER-12345');
    expect(screen.getByTestId('outcome').textContent).toBe('ORDER-12345 paid');
  });

  it('an unknown order offers nothing to try again', () => {
    renderAt('/result?orderId=ORDER-12345', queryIn({ error: unknownError }));
    expect(screen.getByRole('heading', { name: 'Unknown order' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a failed look-up can be tried again', async () => {
    const query = queryIn({ error: new Error('offline') });
    renderAt('/result?orderId=ORDER-12345', query);
    expect(screen.getByRole('alert').textContent).toContain('Check the connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });
});
