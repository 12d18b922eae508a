import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureCards } from '../../src/components/ui/figure-cards';

describe('FigureCards', () => {
  it('shows each figure on its own card, title above value, in the given order', () => {
    const { container } = render(
      <FigureCards
        className="wallet-figures"
        figures={[
          { key: 'inSettlement', title: 'In settlement', value: 'NT$1,200' },
          { key: 'withdrawn', title: 'Withdrawn', value: 'NT$300' },
        ]}
      />,
    );
    const row = container.querySelector('.wallet-figures');
    const cards = row?.querySelectorAll(':scope > .ant-card') ?? [];
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toBe('In settlementNT$1,200');
    expect(cards[1]?.textContent).toBe('WithdrawnNT$300');
  });

  it('colours a figure only when asked (a gain green, a loss red)', () => {
    render(
      <FigureCards
        className="promotion-effect-figures"
        figures={[
          { key: 'revenue', title: 'Revenue', value: 'NT$5,000' },
          { key: 'uplift', title: 'Uplift', value: '+12%', color: '#2e7d32' },
        ]}
      />,
    );
    const uplift = screen.getByText('+12%').closest('.ant-statistic-content') as HTMLElement;
    expect(uplift.style.color).toBe('rgb(46, 125, 50)');
    const revenue = screen.getByText('NT$5,000').closest('.ant-statistic-content') as HTMLElement;
    expect(revenue.style.color).toBe('');
  });
});
