import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoPermission } from '../../src/components/ui/no-permission';

describe('NoPermission', () => {
  it("keeps the screen's heading and says why nothing is under it, as a warning", () => {
    render(<NoPermission title="Revenue statistics" reason="You may not read the sales" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Revenue statistics' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'You may not read the sales' })).toBeTruthy();
    expect(screen.getByRole('alert').className).toContain('status-panel-warning');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves the heading to a screen that shows its own', () => {
    render(<NoPermission reason="You may not read the cards" />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'You may not read the cards' })).toBeTruthy();
  });
});
