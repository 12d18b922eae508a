import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandMark } from '../../src/components/ui/brand-mark';

describe('BrandMark', () => {
  it("shows the product's name beside its mark, the mark hidden from screen readers", () => {
    const { container } = render(<BrandMark />);
    const name = screen.getByText('Merchant Back Office');
    expect(name.className).toBe('brand-text');
    expect(container.firstElementChild?.className).toBe('brand');
    expect(container.querySelector('.anticon')?.getAttribute('aria-hidden')).toBe('true');
  });
});
