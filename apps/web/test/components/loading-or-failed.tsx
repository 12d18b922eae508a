import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOrFailed } from '../../src/components/ui/loading-or-failed';

const query = (state: { data?: unknown; isError?: boolean; isLoading?: boolean; error?: Error }) => ({
  isError: false,
  isLoading: false,
  refetch: vi.fn(),
  ...state,
});

describe('LoadingOrFailed', () => {
  it('stands a skeleton in for the figures while they first load', () => {
    const { container } = render(<LoadingOrFailed query={query({ isLoading: true })} failedTitle="No figures" />);
    expect(container.querySelector('.ant-skeleton-active')).not.toBeNull();
    expect(container.querySelectorAll('.ant-skeleton-paragraph > li')).toHaveLength(8);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what failed and loads again on "Try again" when there is nothing to show', async () => {
    const failed = query({ isError: true });
    render(<LoadingOrFailed query={failed} failedTitle="The statistics did not load" rows={3} />);
    expect(screen.getByRole('heading', { level: 2, name: 'The statistics did not load' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing once there are figures, also when a refresh failed', () => {
    const { container } = render(
      <LoadingOrFailed query={query({ data: { total: 1 }, isError: true })} failedTitle="No figures" />,
    );
    expect(container.innerHTML).toBe('');
  });

  it("puts the panel's own stand-in while loading, and the error's reason under the title when asked", () => {
    const { rerender } = render(
      <LoadingOrFailed query={query({ isLoading: true })} failedTitle="No accounts" loading={<p>Spinning</p>} />,
    );
    expect(screen.getByText('Spinning')).toBeTruthy();
    const failed = query({ isError: true, error: new Error('The server is busy') });
    rerender(<LoadingOrFailed query={failed} failedTitle="No accounts" withReason />);
    expect(screen.getByRole('heading', { name: 'No accounts' })).toBeTruthy();
    expect(screen.getByText('The server is busy')).toBeTruthy();
    rerender(<LoadingOrFailed query={failed} failedTitle="No accounts" />);
    expect(screen.queryByText('The server is busy')).toBeNull();
  });
});
