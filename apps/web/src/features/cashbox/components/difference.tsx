import { formatMoney } from '../../../lib/format';

/** Collected less expected: short in red, over in orange, exact in green; a sign either way. */
export function Difference({ value, currency }: { value: number | null; currency: string }) {
  if (value === null) return <span className="cashbox-muted">—</span>;
  const kind = value < 0 ? 'short' : value > 0 ? 'over' : 'even';
  const sign = value > 0 ? '+' : '';
  return (
    <span className={`cashbox-difference cashbox-difference-${kind}`} data-testid="difference">
      {sign}
      {formatMoney(value, currency)}
    </span>
  );
}
