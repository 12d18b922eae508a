import { Segmented, Select } from 'antd';

type ChoiceSwitchProps<Value extends string> = {
  label: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
  /** A phone has no room for the row of choices: it gets a drop-down. */
  compact: boolean;
};

/** One of a few choices (a grouping, a sort): a segmented row, or a drop-down on a phone. */
export function ChoiceSwitch<Value extends string>({
  label,
  value,
  options,
  onChange,
  compact,
}: ChoiceSwitchProps<Value>) {
  return compact ? (
    <Select<Value> aria-label={label} value={value} options={options} onChange={onChange} />
  ) : (
    <Segmented<Value> aria-label={label} value={value} options={options} onChange={onChange} />
  );
}
