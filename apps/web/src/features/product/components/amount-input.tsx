import { InputNumber } from 'antd';

type AmountInputProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  suffix?: string;
  'aria-label'?: string;
};

/**
 * A number field that lets any number through (negative, decimal, zero): the contract's rules,
 * not the input, decide, so the user sees the spec's message for what they typed.
 */
export function AmountInput({ suffix, ...props }: AmountInputProps) {
  return <InputNumber {...props} suffix={suffix} className="product-amount" inputMode="decimal" />;
}
