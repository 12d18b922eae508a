import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A consumer payment form: Enter or the pay button hands on to `onPay`, never reloading the page. */
export function PayForm({ onPay, children }: { onPay: () => void; children: ReactNode }) {
  return (
    <form
      className="checkout-form"
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
    >
      {children}
    </form>
  );
}

type PayTotalProps = { label: string; amount: ReactNode; testId?: string };

/** The sum above the pay button, read out as the choice changes. */
export function PayTotal({ label, amount, testId }: PayTotalProps) {
  return (
    <div className="checkout-card checkout-total" aria-live="polite">
      <span>{label}</span>
      <strong className="checkout-total-amount" data-testid={testId}>
        {amount}
      </strong>
    </div>
  );
}

type PayButtonProps = {
  /** Everything to pay for is chosen. */
  ready: boolean;
  /** The order is being made, or made and the browser on its way to the gateway: busy until it leaves. */
  leaving: boolean;
  children: ReactNode;
};

/** The form's large submit button. */
export function PayButton({ ready, leaving, children }: PayButtonProps) {
  return (
    <Button
      type="primary"
      size="large"
      block
      htmlType="submit"
      className="checkout-pay"
      disabled={!ready}
      loading={leaving}
    >
      {children}
    </Button>
  );
}
