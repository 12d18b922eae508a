import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkButton } from '../../src/components/ui/link-button';

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route
          path="/product/info/7"
          element={
            <LinkButton to="/device?productId=7" size="small">
              Its machines
            </LinkButton>
          }
        />
        <Route path="/device" element={<Address />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LinkButton', () => {
  it('is a link to the address, drawn as a default button', () => {
    renderAt('/product/info/7');
    const link = screen.getByRole('link', { name: 'Its machines' });
    expect(link.getAttribute('href')).toBe('/device?productId=7');
    expect(link.classList.contains('ant-btn')).toBe(true);
    expect(link.classList.contains('ant-btn-sm')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('goes to the address inside the app on a click', async () => {
    renderAt('/product/info/7');
    await userEvent.click(screen.getByRole('link', { name: 'Its machines' }));
    expect(screen.getByTestId('address').textContent).toBe('/device?productId=7');
  });

  it('answers the keyboard', async () => {
    renderAt('/product/info/7');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Its machines' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('address').textContent).toBe('/device?productId=7');
  });
});
