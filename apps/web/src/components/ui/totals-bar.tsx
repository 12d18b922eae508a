type Total = {
  key: string;
  label: string;
  value: string;
  /** A lesser sum, which a phone leaves out to keep the rows in view. */
  secondary?: boolean;
};

type TotalsBarProps = {
  /** What the sums are of, for assistive technology. */
  label: string;
  /** The screen's class prefix: `<prefix>-totals` on the bar, `<prefix>-total` on each sum. */
  classPrefix: string;
  testId: string;
  totals: Total[];
};

/** The sums of every row the filters match (not only of the page shown), as a labelled list above the rows. */
export function TotalsBar({ label, classPrefix, testId, totals }: TotalsBarProps) {
  const itemClass = `${classPrefix}-total`;
  return (
    <section aria-label={label} className={`${classPrefix}-totals`} data-testid={testId}>
      <dl>
        {totals.map((total) => (
          <div key={total.key} className={total.secondary ? `${itemClass} ${itemClass}-secondary` : itemClass}>
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
