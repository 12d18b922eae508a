import type { ProductTemplate } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyTemplate,
  isMoneyPath,
  requiredFields,
  toFormValues,
  toMinor,
  toTemplateInput,
} from '../src/features/product/components/product-values';

describe('template form values', () => {
  it('turns main-unit amounts into minor units without float dust', () => {
    expect(toMinor(60.1, 2)).toBe(6010);
    expect(toMinor(0.29, 2)).toBe(29);
    expect(toMinor(500, 0)).toBe(500);
    expect(toMinor(60.5, 0)).toBe(60.5);
  });

  it('sends only the fields of the chosen type, money in minor units, empties left out', () => {
    const input = toTemplateInput(
      {
        ...emptyTemplate(),
        name: 'Water',
        type: 'unitProgressive',
        unitPrice: 5,
        unit: 'L',
        price: 30,
        courses: [{ course: 'x', price: 10 }],
        pulse: null,
      },
      2,
    );
    expect(input).toEqual({
      name: 'Water',
      type: 'unitProgressive',
      unitPrice: 500,
      unit: 'L',
      notifyBeforePayment: '',
      notifyAfterPayment: '',
      additives: [],
      courses: [],
    });
  });

  it('reads a stored template back into main units', () => {
    const stored = {
      id: 1,
      name: 'Dry',
      type: 'list',
      price: 1000,
      dryLimit: 56,
      dryPrice: 1000,
      spentTime: 8,
      courseType: null,
      defaultDryTemp: 2,
      unitPrice: null,
      pulse: 1000,
      defaultPulse: null,
      unit: null,
      additives: [{ type: 'detergent', price: 1500 }],
      courses: [],
      notifyBeforePayment: '',
      notifyAfterPayment: '',
      revision: 1,
      deviceCount: 0,
      createdAt: '',
      updatedAt: '',
    } satisfies ProductTemplate;
    const values = toFormValues(stored, 2);
    expect([values.price, values.pulse, values.dryLimit, values.additives[0]?.price]).toEqual([10, 10, 56, 15]);
    expect(toTemplateInput(values, 2)).toMatchObject({ price: 1000, dryLimit: 56, additives: [{ price: 1500 }] });
  });

  it('knows the required fields of each type from the contract', () => {
    expect([...requiredFields('list')].sort()).toEqual(['price', 'spentTime']);
    expect([...requiredFields('unitProgressive')].sort()).toEqual(['unit', 'unitPrice']);
    expect([...requiredFields('yiot')]).toEqual(['price']);
  });

  it('tells money from minutes and counts', () => {
    expect(isMoneyPath(['price'])).toBe(true);
    expect(isMoneyPath(['courses', 0, 'price'])).toBe(true);
    expect(isMoneyPath(['dryLimit'])).toBe(false);
    expect(isMoneyPath(['courses', 0, 'spentTime'])).toBe(false);
  });
});
