import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryButton } from '../../src/components/ui/retry-button';

describe('RetryButton', () => {
  it('says "Try again" unless told otherwise and loads again once per click', async () => {
    const onRetry = vi.fn();
    render(<RetryButton onRetry={onRetry} />);
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button.className).not.toContain('ant-btn-lg');
    await userEvent.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });

  it("carries the screen's own words, the large size, and shows it is busy while the load runs again", () => {
    const { rerender } = render(<RetryButton onRetry={() => undefined} label="Reload the machine" size="large" />);
    const button = screen.getByRole('button', { name: 'Reload the machine' });
    expect(button.className).toContain('ant-btn-lg');
    expect(button.className).not.toContain('ant-btn-loading');
    rerender(<RetryButton onRetry={() => undefined} label="Reload the machine" size="large" retrying />);
    expect(screen.getByRole('button', { name: /Reload the machine/ }).className).toContain('ant-btn-loading');
  });

  it('answers the keyboard', async () => {
    const onRetry = vi.fn();
    render(<RetryButton onRetry={onRetry} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('is the primary action where a screen has no other (a sign-in that failed), or small inside an alert', () => {
    const { rerender } = render(<RetryButton onRetry={() => undefined} primary />);
    expect(screen.getByRole('button', { name: 'Try again' }).className).toContain('ant-btn-primary');
    rerender(<RetryButton onRetry={() => undefined} size="small" />);
    const small = screen.getByRole('button', { name: 'Try again' });
    expect(small.className).toContain('ant-btn-sm');
    expect(small.className).not.toContain('ant-btn-primary');
  });
});
