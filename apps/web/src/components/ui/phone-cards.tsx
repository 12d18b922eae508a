import { Pagination } from 'antd';
import type { Key, ReactNode } from 'react';

type PhoneCardsProps<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** One row's card: the list item's content (a link, a button or plain text). */
  card: (row: Row) => ReactNode;
  /** The list's class and test id (`card-list-cards`...). */
  className: string;
  testId: string;
  /** The class of each list item, when the item itself is the card. */
  itemClassName?: string;
  /** The pager under the cards. */
  page: { page: number; pageSize: number };
  total: number;
  onPage: (page: number) => void;
  pagerClassName?: string;
  /** Leave the pager out while one page holds every row. */
  hideOnSinglePage?: boolean;
  /** Shown above the (empty) list when there are no rows; leave it out while the first page loads. */
  empty?: ReactNode;
};

/** A list's phone layout: one card a row, then a simple pager (the wide screen shows the same rows as a table). */
export function PhoneCards<Row>(props: PhoneCardsProps<Row>) {
  const { rows, rowKey, card, className, testId, itemClassName, page, total, onPage } = props;
  return (
    <>
      {rows.length === 0 ? props.empty : null}
      <ul className={className} data-testid={testId}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={itemClassName}>
            {card(row)}
          </li>
        ))}
      </ul>
      <Pagination
        className={props.pagerClassName}
        simple
        hideOnSinglePage={props.hideOnSinglePage}
        current={page.page}
        pageSize={page.pageSize}
        total={total}
        onChange={onPage}
      />
    </>
  );
}
