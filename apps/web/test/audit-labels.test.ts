import { readFileSync } from 'node:fs';
import { auditActions, auditEntities } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import { toNestedTree, type TranslationTree } from '../src/lib/translation-bundles';

// Every change the api can write to the audit log has words of its own; the locale test carries them
// from English to the other languages.
const english = toNestedTree(JSON.parse(readFileSync(new URL('../src/locales/audit/en.json', import.meta.url), 'utf8')))
  .audit as TranslationTree;
const labels = (group: string) => Object.keys(english[group] as TranslationTree);

describe('audit log labels', () => {
  it('names every action the api writes', () => {
    const missing = auditActions
      .map((action) => action.replace(/\./g, '_'))
      .filter((key) => !labels('action').includes(key));
    expect(missing).toEqual([]);
  });

  it('names every kind of thing an entry can be about', () => {
    expect(auditEntities.filter((entity) => !labels('entity').includes(entity))).toEqual([]);
  });
});
