import { languageCodes } from '@sbo/contracts/constants';
import { describe, expect, it } from 'vitest';
import { localeDataSteps } from '../src/lib/locale-data';

describe('locale data in steps', () => {
  it('loads the locale data of every language the app speaks, one step at a time, without an error', () => {
    for (const language of languageCodes) {
      const steps = localeDataSteps(language);
      expect(steps.length, language).toBeGreaterThan(1);
      for (const step of steps) expect(step, language).not.toThrow();
    }
  });
});
