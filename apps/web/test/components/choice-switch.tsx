import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceSwitch } from '../../src/components/ui/choice-switch';

type Grouping = 'day' | 'week' | 'month';
const options: { value: Grouping; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

describe('ChoiceSwitch', () => {
  it('on a wide screen: a row of choices, the current one checked; a click reports the new one', async () => {
    const onChange = vi.fn();
    render(
      <ChoiceSwitch<Grouping> label="Group by" value="day" options={options} onChange={onChange} compact={false} />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    const day = screen.getByRole('radio', { name: 'Day' }) as HTMLInputElement;
    expect(day.checked).toBe(true);
    await userEvent.click(screen.getByText('Week'));
    expect(onChange).toHaveBeenCalledWith('week');
  });

  it('on a phone: a drop-down named by the label, showing the current choice', async () => {
    const onChange = vi.fn();
    render(<ChoiceSwitch<Grouping> label="Group by" value="week" options={options} onChange={onChange} compact />);
    const select = screen.getByRole('combobox', { name: 'Group by' });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByTitle('Week')).toBeTruthy();
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Month'));
    expect(onChange).toHaveBeenCalledWith('month', expect.anything());
  });
});
