import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TotalsBar } from '../../src/components/ui/totals-bar';

describe('TotalsBar', () => {
  it('is a labelled region listing each sum under its name, in order', () => {
    render(
      <TotalsBar
        label="Totals of the records"
        classPrefix="sale"
        testId="sale-totals"
        totals={[
          { key: 'count', label: 'Sales', value: '12' },
          { key: 'revenue', label: 'Revenue', value: 'NT$1,200' },
          { key: 'reward', label: 'Rewards', value: 'NT$30', secondary: true },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Totals of the records' });
    expect(region).toBe(screen.getByTestId('sale-totals'));
    expect(region.className).toBe('sale-totals');
    const names = within(region)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(region)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(names).toEqual(['Sales', 'Revenue', 'Rewards']);
    expect(values).toEqual(['12', 'NT$1,200', 'NT$30']);
  });

  it('marks the lesser sums, which a phone leaves out', () => {
    render(
      <TotalsBar
        label="Totals"
        classPrefix="card"
        testId="card-totals"
        totals={[
          { key: 'spend', label: 'Spend', value: '5' },
          { key: 'refund', label: 'Refunds', value: '1', secondary: true },
        ]}
      />,
    );
    const groups = [...screen.getByTestId('card-totals').querySelectorAll('dl > div')].map((group) => group.className);
    expect(groups).toEqual(['card-total', 'card-total card-total-secondary']);
  });
});
