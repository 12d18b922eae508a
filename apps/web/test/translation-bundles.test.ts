import { describe, expect, it } from 'vitest';
import { mergeTrees, toNestedTree } from '../src/lib/translation-bundles';

describe('translation bundles', () => {
  it('reads flat dotted keys as nested ones, so either file style merges', () => {
    expect(toNestedTree({ 'error.401': 'Expired', rule: { required: 'Required' } })).toEqual({
      error: { '401': 'Expired' },
      rule: { required: 'Required' },
    });
  });

  it('merges the error texts into the screen texts without losing either', () => {
    const merged = mergeTrees({ alert: { ok: 'OK' }, error: { network: 'x' } }, { error: { '401': 'Expired' } });
    expect(merged).toEqual({ alert: { ok: 'OK' }, error: { network: 'x', '401': 'Expired' } });
  });

  it('drops values that are not text', () => {
    expect(toNestedTree({ a: 1, b: null, c: 'yes' })).toEqual({ c: 'yes' });
  });
});
