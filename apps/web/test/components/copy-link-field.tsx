import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyLinkField } from '../../src/components/ui/copy-link-field';
import { registerMessageHost, type MessageType } from '../../src/lib/messages';

const texts = { label: 'Checkout link', copy: 'Copy', copied: 'Link copied', copyFailed: 'Could not copy' };
const link = 'https://pay.example/c/ABC123';

describe('CopyLinkField', () => {
  let told: Array<{ type: MessageType; content: ReactNode }>;
  beforeEach(() => {
    told = [];
    // The mounted UI's part: what would show as a toast is recorded.
    registerMessageHost({
      showMessage: async () => true,
      notify: (_kind, type, content) => told.push({ type, content }),
    });
  });
  afterEach(() => registerMessageHost(null));

  it('shows the link read-only under its label and copies it, saying so', async () => {
    const user = userEvent.setup();
    render(
      <CopyLinkField id="checkout-link" link={link} texts={texts} labelClassName="legend" data-testid="the-link" />,
    );
    const field = screen.getByLabelText('Checkout link');
    expect((field as HTMLInputElement).value).toBe(link);
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('the-link')).toBe(field);
    expect(screen.getByText('Checkout link').className).toBe('legend');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(told).toEqual([{ type: 'success', content: 'Link copied' }]);
  });

  it('selects the whole link on focus, to copy by hand', async () => {
    const user = userEvent.setup();
    render(<CopyLinkField id="invite-link" link={link} texts={texts} labelClassName="legend" />);
    await user.tab();
    const field = screen.getByLabelText('Checkout link') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length]);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    // The browser's clipboard (user-event's stand-in) refuses, as a page without the permission sees.
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(<CopyLinkField id="invite-link" link={link} texts={texts} labelClassName="legend" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await expect.poll(() => told).toEqual([{ type: 'error', content: 'Could not copy' }]);
  });
});
