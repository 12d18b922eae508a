import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardTags } from '../../src/features/cards/components/card-tags';

describe('CardTags', () => {
  it("shows the card's status, coloured, then whether it is virtual", () => {
    const { container } = render(<CardTags card={{ status: 'active', virtual: true }} statusTestId="card-status" />);
    const tags = [...container.querySelectorAll('.card-tags > .ant-tag')];
    expect(tags.map((tag) => tag.textContent)).toEqual(['Active', 'Virtual']);
    expect(screen.getByTestId('card-status').className).toContain('ant-tag-success');
  });

  it("adds the screen's own tags after them", () => {
    const { container } = render(
      <CardTags card={{ status: 'cancelled', virtual: false }}>
        <span className="ant-tag">Stored value</span>
      </CardTags>,
    );
    const tags = [...container.querySelectorAll('.card-tags > .ant-tag')];
    expect(tags.map((tag) => tag.textContent)).toEqual(['Cancelled', 'Physical', 'Stored value']);
    expect(tags[0]?.className).toContain('ant-tag-error');
    expect(screen.queryByTestId('card-status')).toBeNull();
  });
});
