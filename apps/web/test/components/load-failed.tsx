import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from '../../src/components/ui/load-failed';

describe('LoadFailed', () => {
  it('says what failed as an alert with a second-level heading, and loads again on "Try again"', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed title="The list did not load" description="Network down" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 2, name: 'The list did not load' })).toBeTruthy();
    expect(alert.textContent).toContain('Network down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });

  it('is the page heading at level 1 and answers the keyboard', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed level={1} title="Profile did not load" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile did not load' })).toBeTruthy();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers another way on beside the retry', async () => {
    const back = vi.fn();
    render(
      <LoadFailed
        title="Card did not load"
        onRetry={() => undefined}
        extraAction={<button onClick={back}>Back</button>}
      />,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Try again', 'Back']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
