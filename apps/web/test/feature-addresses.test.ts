import { describe, expect, it } from 'vitest';
import { visibleNavigation } from '../src/app/layouts/navigation-items';
import { placeIdFrom } from '../src/features/place/components/place-values';
import { productIdFrom } from '../src/features/product/components/product-info-screen';

describe('screen addresses', () => {
  it('reads a place id only as a positive whole number', () => {
    expect(placeIdFrom(new URLSearchParams('id=12'))).toBe(12);
    expect(placeIdFrom(new URLSearchParams('id=0'))).toBeNull();
    expect(placeIdFrom(new URLSearchParams('id=abc'))).toBeNull();
    expect(placeIdFrom(new URLSearchParams(''))).toBeNull();
  });

  it('reads a product id or "new"', () => {
    expect(productIdFrom('new')).toBe('new');
    expect(productIdFrom('5')).toBe(5);
    expect(productIdFrom('-1')).toBeNull();
    expect(productIdFrom(undefined)).toBeNull();
  });
});

describe('the service tools link', () => {
  const links = (role?: Parameters<typeof visibleNavigation>[1]) =>
    visibleNavigation(['device.bind'], role).flatMap((entry) => entry.links.map((link) => link.path));

  it('shows only to service agents', () => {
    expect(links('root')).toContain('/admin');
    expect(links('merchant')).not.toContain('/admin');
    expect(links()).not.toContain('/admin');
  });
});
