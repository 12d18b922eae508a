import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CustomRangePicker } from '../../src/components/ui/sales-filters/custom-range-picker';
import { RangeShortenedNotice } from '../../src/components/ui/sales-filters/range-shortened-notice';

const today = '2026-11-28';
const placeholders: [string, string] = ['First day', 'Last day'];

/** The day cell of the open panel (antd titles each cell with its day). */
const cell = (day: string) => {
  const found = document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${day}"]`);
  if (!found) throw new Error(`no cell for ${day}`);
  return found;
};

function renderPicker(onChange = vi.fn()) {
  render(
    <CustomRangePicker
      value={{ from: today, to: today }}
      today={today}
      placeholders={placeholders}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('CustomRangePicker', () => {
  it('takes the first click as the start and the second as the end, and applies only then', async () => {
    const onChange = renderPicker();
    await userEvent.click(screen.getByPlaceholderText('First day'));
    await userEvent.click(cell('2026-11-02'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(cell('2026-11-20'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ from: '2026-11-02', to: '2026-11-20' });
  });

  it('accepts days typed with the keyboard: start, Tab, end, Enter', async () => {
    const onChange = renderPicker();
    const start = screen.getByPlaceholderText('First day');
    await userEvent.click(start);
    await userEvent.clear(start);
    await userEvent.type(start, '2026-11-02');
    await userEvent.keyboard('{Tab}');
    const end = screen.getByPlaceholderText('Last day');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-11-20');
    fireEvent.keyDown(end, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ from: '2026-11-02', to: '2026-11-20' }));
  });

  it('greys out days after today and names the last end day once a start is picked', async () => {
    render(
      <CustomRangePicker
        value={{ from: '2026-08-10', to: '2026-08-12' }}
        today={today}
        placeholders={placeholders}
        onChange={() => undefined}
      />,
    );
    await userEvent.click(screen.getByPlaceholderText('First day'));
    expect(screen.getByTestId('range-limit-hint').textContent).toBe('At most 3 months from the first to the last day.');
    await userEvent.click(cell('2026-08-02'));
    expect(screen.getByTestId('range-limit-hint').textContent).toBe(
      'The last day can be Nov 2, 2026 at the latest (3 months at most).',
    );
  });
});

describe('RangeShortenedNotice', () => {
  it('says where a range over the limit now ends', () => {
    render(<RangeShortenedNotice shown={{ from: '2026-01-01', to: '2026-04-01' }} />);
    expect(screen.getByTestId('range-shortened').textContent).toBe(
      'A period covers at most 3 months: from Jan 1, 2026, the last day can be Apr 1, 2026, so the days shown end there.',
    );
  });
});
