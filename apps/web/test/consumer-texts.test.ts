import { readFileSync } from 'node:fs';
import { languageCodes } from '@sbo/contracts';
import { publicMachineKinds, publicMachineStates } from '@sbo/contracts/schemas/place-page';
import { describe, expect, it } from 'vitest';

// The consumer entry's texts (src/consumer/locales) stand apart from the back office's: the same checks.
const read = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../src/consumer/locales/${code}.json`, import.meta.url), 'utf8'));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('consumer page texts', () => {
  const english = read('en');

  it.each(languageCodes.filter((code) => code !== 'en'))('%s has the keys and placeholders of en', (code) => {
    const texts = read(code);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(texts[key]!), `${code} ${key}`).toEqual(placeholders(text));
      expect(texts[key]!.trim(), `${code} ${key}`).not.toBe('');
    }
  });

  it('names every public machine state and kind', () => {
    for (const state of publicMachineStates) expect(english[state]).toBeTruthy();
    for (const kind of publicMachineKinds) expect(english[`kind.${kind}`]).toBeTruthy();
  });
});
