import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountChooser, MinutesChooser } from '../../src/features/checkout/components/purchase-choosers';

const amountOffer = {
  way: 'amount' as const,
  min: 2000,
  max: 50_000,
  step: 1000,
  suggested: [2000, 4000, 10_000],
  discount: null,
};
const timeOffer = { way: 'time' as const, stepMinutes: 8, maxMinutes: 24, price: 1000, topUp: true };

function Amount() {
  const [typed, setTyped] = useState('20');
  return (
    <>
      <AmountChooser offer={amountOffer} currency="TWD" typed={typed} onType={setTyped} disabled={false} />
      <output data-testid="typed">{typed}</output>
    </>
  );
}

function Minutes() {
  const [minutes, setMinutes] = useState(8);
  return (
    <MinutesChooser
      offer={timeOffer}
      currency="TWD"
      minutes={minutes}
      most={24}
      onChange={setMinutes}
      disabled={false}
      legend="Time"
    />
  );
}

describe('AmountChooser', () => {
  it('offers the suggested amounts, takes a typed one, and shows the limits, marked while it is wrong', async () => {
    render(<Amount />);
    expect(screen.getByRole('button', { name: 'NT$20.00' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'NT$100.00' }));
    expect(screen.getByTestId('typed').textContent).toBe('100');
    const limits = screen.getByText('From NT$20.00 to NT$500.00, in steps of NT$10.00');
    const field = screen.getByRole('textbox', { name: 'Or type an amount' });
    await userEvent.clear(field);
    await userEvent.type(field, '75');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(limits.className).toContain('is-wrong');
    await userEvent.clear(field);
    await userEvent.type(field, '70');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(limits.className).not.toContain('is-wrong');
  });
});

describe('MinutesChooser', () => {
  it('steps the minutes by the rate and stops at the limits', async () => {
    render(<Minutes />);
    const fewer = screen.getByRole('button', { name: '8 minutes less' });
    const more = screen.getByRole('button', { name: '8 minutes more' });
    expect((fewer as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(more);
    await userEvent.click(more);
    expect(screen.getByText('24 min')).toBeTruthy();
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('NT$10.00 per 8 min, up to 24 min')).toBeTruthy();
  });
});
