import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageCodes, type LanguageCode } from '@sbo/contracts/constants';
import bundles from 'virtual:text-bundles';
import { describe, expect, it } from 'vitest';
import {
  loadTranslationTree,
  mergeTrees,
  startFolders,
  toNestedTree,
  type TextScope,
  type TranslationTree,
} from '../src/lib/translation-bundles';
import { localeFileOf } from '../src/lib/translation-tree';

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

describe('one texts file per language and scope', () => {
  const locales = fileURLToPath(new URL('../src/locales/', import.meta.url));
  const files = readdirSync(locales, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.json'));
  const languagesFound = [...new Set(files.map((file) => path.basename(file, '.json')))].sort();
  /** What the browser merged file by file before: every file of the language and scope, in path order. */
  const mergedByHand = (language: string, scope: TextScope) =>
    files
      .filter((file) => file.endsWith(`/${language}.json`) || file === `${language}.json`)
      .filter((file) => startFolders.includes(file.replace(/[^/]+\.json$/, '')) === (scope === 'start'))
      .sort()
      .reduce<TranslationTree>(
        (merged, file) => mergeTrees(merged, toNestedTree(JSON.parse(readFileSync(path.join(locales, file), 'utf8')))),
        {},
      );

  it('has a loader for every language of the contracts, in both scopes', () => {
    expect(languagesFound).toEqual([...languageCodes].sort());
    expect(Object.keys(bundles.start).sort()).toEqual(languagesFound);
    expect(Object.keys(bundles.areas).sort()).toEqual(languagesFound);
  });

  it.each(languagesFound)('holds every text of %s as the files merged one by one', async (language) => {
    for (const scope of ['start', 'areas'] as const) {
      const tree = await loadTranslationTree(language as LanguageCode, scope);
      expect(tree).toEqual(mergedByHand(language, scope));
    }
  });

  it('puts every area folder in the areas and none in the start', async () => {
    const areas = await loadTranslationTree('en', 'areas');
    const start = await loadTranslationTree('en', 'start');
    const areaFolders = [...new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))];
    for (const folder of areaFolders.filter((name) => !startFolders.includes(`${name}/`))) {
      const keys = Object.keys(toNestedTree(JSON.parse(readFileSync(path.join(locales, folder, 'en.json'), 'utf8'))));
      expect(
        keys.every((key) => key in areas),
        folder,
      ).toBe(true);
    }
    expect(Object.keys(start)).toEqual(Object.keys(mergedByHand('en', 'start')));
  });

  it('names a file of a scope and language by its path', () => {
    expect(localeFileOf('en.json')).toEqual({ scope: 'start', language: 'en' });
    expect(localeFileOf('errors/zh-TW.json')).toEqual({ scope: 'start', language: 'zh-TW' });
    expect(localeFileOf('devices/ja.json')).toEqual({ scope: 'areas', language: 'ja' });
    expect(localeFileOf('devices/readme.md')).toBeNull();
  });
});
