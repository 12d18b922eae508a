import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGradualCount } from '../../src/lib/use-gradual-count';

function Items({ total, listKey }: { total: number; listKey: unknown }) {
  const drawn = useGradualCount(total, 2, 3, listKey);
  return (
    <ul>
      {Array.from({ length: drawn }, (_, index) => (
        <li key={index}>item {index + 1}</li>
      ))}
    </ul>
  );
}

describe('useGradualCount', () => {
  it('draws the first few at once, then the rest a few at a time, never more than there are', async () => {
    const seen: number[] = [];
    function Counting() {
      const drawn = useGradualCount(7, 2, 3, 'page 1');
      seen.push(drawn);
      return <p>{drawn} drawn</p>;
    }
    render(<Counting />);
    expect(seen[0]).toBe(2);
    await screen.findByText('7 drawn');
    expect([...new Set(seen)]).toEqual([2, 5, 7]);
  });

  it('draws all of a short list at once', () => {
    render(<Items total={1} listKey="a" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('starts again from the first few for another page, and follows a list that grows', async () => {
    const { rerender } = render(<Items total={6} listKey="page 1" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    act(() => rerender(<Items total={6} listKey="page 2" />));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    rerender(<Items total={9} listKey="page 2" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(9));
  });
});
