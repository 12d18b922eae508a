import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NavDrawer, SkipToContent } from '../../src/app/layouts/nav-drawer';

describe('NavDrawer', () => {
  it('shows the navigation under its title while open, and closes on its named close button', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <NavDrawer open={false} onClose={onClose} title="OK card">
        <nav aria-label="Main navigation">Cards</nav>
      </NavDrawer>,
    );
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    rerender(
      <NavDrawer open onClose={onClose} title="OK card">
        <nav aria-label="Main navigation">Cards</nav>
      </NavDrawer>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('OK card');
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).textContent).toBe('Cards');
    expect(document.querySelector('.nav-drawer')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('SkipToContent', () => {
  it('is a link straight to the main content', () => {
    render(<SkipToContent />);
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link.getAttribute('href')).toBe('#main-content');
  });
});
