import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from '../../src/components/ui/sales-filters/filter-bar';
import type { SalesFilters } from '../../src/lib/sales-filters';
import { todayIn } from '../../src/lib/sales-range';

const timeZone = 'Asia/Taipei';

/** The bar: a `<search>` element (jsdom's roles do not know it yet) named by its label. */
const filterBar = () => {
  const bar = document.querySelector('search');
  if (!bar) throw new Error('no search element');
  return bar as HTMLElement;
};

/** Opens an antd select from the keyboard-reachable combobox and picks an option by its text. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const item = await screen.findByTitle(option);
  await userEvent.click(item);
}

describe('FilterBar', () => {
  it('is a search landmark: the range first, then the screen’s own pickers', () => {
    render(
      <FilterBar filters={{ range: 'thisMonth' }} timeZone={timeZone} onChange={() => undefined}>
        <input aria-label="Card number" />
      </FilterBar>,
    );
    const bar = filterBar();
    expect(bar.getAttribute('aria-label')).toBe('Filters');
    const fields = within(bar).getAllByRole('combobox');
    expect(fields[0]?.getAttribute('aria-label')).toBe('Date range');
    expect(within(bar).getByRole('textbox', { name: 'Card number' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('a new range keeps the other choices; "Custom" starts from today to today and shows the day picker', async () => {
    const onChange = vi.fn();
    const filters: SalesFilters = { range: 'thisMonth', placeId: 3 };
    const { rerender } = render(<FilterBar filters={filters} timeZone={timeZone} onChange={onChange} />);
    await choose('Date range', 'Today');
    expect(onChange).toHaveBeenLastCalledWith({ range: 'today', custom: undefined, placeId: 3 });
    await choose('Date range', 'Custom');
    const today = todayIn(timeZone);
    expect(onChange).toHaveBeenLastCalledWith({ range: 'custom', custom: { from: today, to: today }, placeId: 3 });
    expect(screen.queryByRole('textbox', { name: /start/i })).toBeNull();
    rerender(
      <FilterBar
        filters={{ ...filters, range: 'custom', custom: { from: today, to: today } }}
        timeZone={timeZone}
        onChange={onChange}
      />,
    );
    const days = within(filterBar()).getAllByRole('textbox');
    expect(days.map((day) => (day as HTMLInputElement).value)).toEqual([today, today]);
  });

  it('offers "Clear filters" only when the screen says something is chosen', async () => {
    const onClear = vi.fn();
    render(<FilterBar filters={{ range: 'today' }} timeZone={timeZone} onChange={() => undefined} onClear={onClear} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
