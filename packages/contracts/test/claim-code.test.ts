import { describe, expect, it } from 'vitest';
import { claimCodeProblem, normaliseClaimCode } from '../src/claim-code';

describe('claimCodeProblem', () => {
  it('takes a label code as people type it: spaces, hyphens, lower case', () => {
    expect(claimCodeProblem('ABCD-EFGH-JK23')).toBeNull();
    expect(claimCodeProblem('abcd efgh jk23')).toBeNull();
    expect(normaliseClaimCode(' abcd-efgh jk23 ')).toBe('ABCDEFGHJK23');
  });

  it('names a character no code has (0/O, 1/I/L) before the length', () => {
    expect(claimCodeProblem('ABCD0FGHJK23')).toEqual({ rule: 'excludedCharacter', character: '0' });
    expect(claimCodeProblem('abcdefghjkl')).toEqual({ rule: 'excludedCharacter', character: 'L' });
    expect(claimCodeProblem('ABCD_EFGHJK2')).toEqual({ rule: 'excludedCharacter', character: '_' });
  });

  it('asks for exactly 12 characters', () => {
    expect(claimCodeProblem('ABCDEFGHJK2')).toEqual({ rule: 'exactLength', length: 12 });
    expect(claimCodeProblem('ABCDEFGHJK234')).toEqual({ rule: 'exactLength', length: 12 });
  });
});
