import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayButton, PayForm, PayTotal } from '../../src/features/checkout/components/pay-form';

function renderForm(ready: boolean, leaving = false) {
  const onPay = vi.fn();
  render(
    <PayForm onPay={onPay}>
      <label>
        Course <input name="course" defaultValue="Wash" />
      </label>
      <PayTotal label="Amount" amount="NT$50" testId="amount" />
      <PayButton ready={ready} leaving={leaving}>
        Pay NT$50
      </PayButton>
    </PayForm>,
  );
  return onPay;
}

describe('PayForm, PayTotal, PayButton', () => {
  it('pays on the button and on Enter, without leaving the page', async () => {
    const onPay = renderForm(true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay NT$50' }));
    expect(onPay).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Course' }), '{Enter}');
    expect(onPay).toHaveBeenCalledTimes(2);
    expect(onPay).toHaveBeenCalledWith();
  });

  it('shows the sum with its label, read out as it changes', () => {
    renderForm(true);
    const amount = screen.getByTestId('amount');
    expect(amount.textContent).toBe('NT$50');
    expect(amount.parentElement?.getAttribute('aria-live')).toBe('polite');
    expect(amount.parentElement?.textContent).toBe('AmountNT$50');
  });

  it('cannot pay before everything is chosen', async () => {
    const onPay = renderForm(false);
    const button = screen.getByRole('button', { name: 'Pay NT$50' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('stays busy while the order is made and the browser leaves', () => {
    renderForm(true, true);
    expect(screen.getByRole('button', { name: /Pay NT\$50/ }).className).toContain('ant-btn-loading');
  });
});
