import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneCards } from '../../src/components/ui/phone-cards';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Washer 1' },
  { id: 2, name: 'Dryer 2' },
];

function renderCards(props: Partial<Parameters<typeof PhoneCards<Row>>[0]> = {}) {
  const onPage = vi.fn();
  render(
    <PhoneCards<Row>
      rows={rows}
      rowKey={(row) => row.id}
      card={(row) => <strong>{row.name}</strong>}
      className="machine-cards"
      testId="machine-cards"
      page={{ page: 1, pageSize: 2 }}
      total={5}
      onPage={onPage}
      {...props}
    />,
  );
  return onPage;
}

describe('PhoneCards', () => {
  it('shows one list item a row, in order, with the item class when given', () => {
    renderCards({ itemClassName: 'machine-card' });
    const list = screen.getByTestId('machine-cards');
    expect(list.tagName).toBe('UL');
    expect(list.className).toBe('machine-cards');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Washer 1', 'Dryer 2']);
    expect(items.every((item) => item.className === 'machine-card')).toBe(true);
  });

  it('pages with a simple pager under the cards and hands on the page asked for', async () => {
    const onPage = renderCards({ pagerClassName: 'machine-pager' });
    const pager = document.querySelector('.machine-pager');
    expect(pager?.className).toContain('ant-pagination-simple');
    await userEvent.click(screen.getByTitle('Next Page'));
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(onPage.mock.calls[0]?.[0]).toBe(2);
  });

  it('leaves the pager out while one page holds every row, if asked to', () => {
    renderCards({ pagerClassName: 'machine-pager', total: 2, hideOnSinglePage: true });
    expect(document.querySelector('.machine-pager')).toBeNull();
  });

  it('keeps the pager for one page unless asked otherwise', () => {
    renderCards({ pagerClassName: 'machine-pager', total: 2 });
    expect(document.querySelector('.machine-pager')).not.toBeNull();
  });

  it('says there is nothing only when there are no rows', () => {
    renderCards({ rows: [], total: 0, empty: <p>No machines yet</p> });
    expect(screen.getByText('No machines yet')).toBeTruthy();
    expect(within(screen.getByTestId('machine-cards')).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the rows, not the empty note, when there are rows', () => {
    renderCards({ empty: <p>No machines yet</p> });
    expect(screen.queryByText('No machines yet')).toBeNull();
  });
});
