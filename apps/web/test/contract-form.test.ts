import { productTemplateInput } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, issuesFromDetails } from '../src/lib/contract-form';

const label = (path: Array<string | number>) => String(path[path.length - 1]);
const errorsOf = (input: unknown) => {
  const parsed = productTemplateInput.safeParse(input);
  return parsed.success ? [] : fieldErrors(parsed.error.issues, label);
};
const on = (errors: ReturnType<typeof errorsOf>, path: Array<string | number>) =>
  errors.find((error) => JSON.stringify(error.name) === JSON.stringify(path))?.errors;

describe('template form messages from the contract', () => {
  it('says which fields a list template requires', () => {
    const errors = errorsOf({ name: '', type: 'list' });
    expect(on(errors, ['name'])).toEqual(['name is required']);
    expect(on(errors, ['price'])).toEqual(['price is required']);
    expect(on(errors, ['spentTime'])).toEqual(['spentTime is required']);
  });

  it('refuses zero, negatives and fractions with the spec texts', () => {
    const errors = errorsOf({ name: 'A', type: 'yiot', price: 0, spentTime: -2, pulse: 1.5 });
    expect(on(errors, ['price'])).toEqual(['Cannot be zero']);
    expect(on(errors, ['spentTime'])).toEqual(['Positive integers only']);
    expect(on(errors, ['pulse'])).toEqual(['Positive integers only']);
  });

  it('asks for multiples of the pulse and flags a duplicate course price, every message at once', () => {
    const errors = errorsOf({
      name: 'A',
      type: 'list',
      price: 1500,
      spentTime: 30,
      pulse: 1000,
      courses: [
        { course: 'a', price: 2000 },
        { course: 'b', price: 2000 },
      ],
    });
    expect(on(errors, ['price'])).toEqual(['Enter a multiple of 1000']);
    expect(on(errors, ['courses', 1, 'price'])).toEqual(['Duplicate amount']);
  });

  it('shows the number in a message the way the field reads it', () => {
    const parsed = productTemplateInput.safeParse({ name: 'A', type: 'yiot', price: 1500, pulse: 1000 });
    const issues = parsed.success ? [] : parsed.error.issues;
    const errors = fieldErrors(issues, label, { formatValue: (_path, value) => `NT$${value / 100}` });
    expect(on(errors, ['price'])).toEqual(['Enter a multiple of NT$10']);
  });

  it('lets a screen word a message the shared rules do not cover', () => {
    const parsed = productTemplateInput.safeParse({
      name: 'A',
      type: 'yiot',
      price: 1000,
      courses: [
        { course: 'a', price: 1000 },
        { course: 'a', price: 2000 },
      ],
    });
    const issues = parsed.success ? [] : parsed.error.issues;
    const ownText = (issue: { message: string }) => (issue.message === 'duplicate course' ? 'Twice!' : undefined);
    expect(on(fieldErrors(issues, label, { ownText }), ['courses', 1, 'course'])).toEqual(['Twice!']);
  });

  it('reads the server field details, device version included', () => {
    const issues = issuesFromDetails([{ path: 'additives', message: 'device version must be 3.0.0 or higher' }]);
    expect(fieldErrors(issues, label)).toEqual([
      { name: ['additives'], errors: ['Device version must be 3.0.0 or higher'] },
    ]);
    expect(issuesFromDetails([{ path: 'courses.2.price', message: 'x' }])[0]?.path).toEqual(['courses', 2, 'price']);
  });
});
