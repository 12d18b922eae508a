import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DetailLoadFailed } from '../../src/components/ui/detail-load-failed';

function renderAtDetail(onRetry?: () => unknown) {
  render(
    <MemoryRouter initialEntries={['/cards/detail?id=7']}>
      <Routes>
        <Route
          path="/cards/detail"
          element={
            <DetailLoadFailed
              screenTitle="Card detail"
              title="The card did not load"
              description="Network down"
              backTo="/cards"
              onRetry={onRetry}
            />
          }
        />
        <Route path="/cards" element={<p>The card list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DetailLoadFailed', () => {
  it("keeps the screen's heading and says what failed under it", () => {
    renderAtDetail(() => undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'Card detail' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The card did not load' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Network down');
  });

  it('offers Try again, then Back to the list', async () => {
    const onRetry = vi.fn();
    renderAtDetail(onRetry);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Try again', 'Back']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('The card list')).toBeTruthy();
  });

  it('offers only the way back when the screen cannot load again', async () => {
    renderAtDetail();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Back']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('The card list')).toBeTruthy();
  });
});
