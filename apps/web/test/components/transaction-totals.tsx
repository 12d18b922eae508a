import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransactionTotalsBar } from '../../src/features/transaction/components/transaction-totals';

const totals = { count: 524, total: 524_000, reward: 0, balance: 0, encore: 0, refund: 0, revenue: 524_000 };

describe('TransactionTotalsBar', () => {
  it('says what the sales count leaves out of the records listed, and that refunded sales are in it', () => {
    render(
      <TransactionTotalsBar
        totals={{ ...totals, refund: 1000, revenue: 523_000 }}
        currency="TWD"
        records={572}
        notCounted={{ unverified: 40, topUps: 8 }}
      />,
    );
    expect(screen.getByTestId('transaction-totals-note').textContent).toBe(
      '572 records listed; not in the sales count or totals: unverified sales 40, card top-ups 8. ' +
        'Refunded sales are counted; their refunds are taken off revenue.',
    );
  });

  it('adds nothing when the count and the records agree', () => {
    render(
      <TransactionTotalsBar totals={totals} currency="TWD" records={524} notCounted={{ unverified: 0, topUps: 0 }} />,
    );
    expect(screen.queryByTestId('transaction-totals-note')).toBeNull();
  });
});
