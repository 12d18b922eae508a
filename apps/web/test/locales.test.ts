import { readdirSync, readFileSync } from 'node:fs';
import { languageCodes } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import { toNestedTree, type TranslationTree } from '../src/lib/translation-bundles';

const locales = new URL('../src/locales/', import.meta.url);
const read = (file: string): TranslationTree => toNestedTree(JSON.parse(readFileSync(new URL(file, locales), 'utf8')));

function flatten(tree: TranslationTree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`).forEach((text, path) => entries.set(path, text));
  }
  return entries;
}

/** Words that are the same in English and in that language. */
const sameAsEnglish: Record<string, readonly string[]> = { ms: ['alert.ok'], ja: ['alert.ok'] };

// The shell's texts sit in locales/, each area's (errors, devices, places...) in a folder of its own.
const folders = [
  '',
  ...readdirSync(locales, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.name}/`),
];

describe.each(folders)('locale files in locales/%s', (folder) => {
  const english = flatten(read(`${folder}en.json`));

  it.each(languageCodes.filter((code) => code !== 'en'))('%s has exactly the keys of en', (code) => {
    const keys = [...flatten(read(`${folder}${code}.json`)).keys()].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(languageCodes)('%s has no empty value', (code) => {
    const empty = [...flatten(read(`${folder}${code}.json`))]
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(languageCodes.filter((code) => code !== 'en'))('%s keeps every {{placeholder}} of en', (code) => {
    const placeholders = (text: string | undefined) =>
      [...(text ?? '').matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]).sort();
    const changed = [...flatten(read(`${folder}${code}.json`))]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(english.get(key)).join())
      .map(([key]) => key);
    expect(changed).toEqual([]);
  });

  it.each(languageCodes.filter((code) => code !== 'en'))('%s leaves no English text untranslated', (code) => {
    const allowed = new Set(sameAsEnglish[code] ?? []);
    const untranslated = [...flatten(read(`${folder}${code}.json`))]
      .filter(([key, text]) => english.get(key) === text && !allowed.has(key) && /[a-z]{3}/i.test(text))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
