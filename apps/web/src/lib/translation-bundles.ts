import type { LanguageCode } from '@sbo/contracts';

/** A nested translation tree as the locale files hold it. */
export type TranslationTree = { [key: string]: string | TranslationTree };

type JsonModule = { default: unknown };

// Lazy maps: only the chosen language (and the English fallback) is downloaded.
// A missing errors file is simply absent from the map, which keeps the app working
// while the error texts are still being written.
const screenTexts = import.meta.glob<JsonModule>('../locales/*.json');
const errorTexts = import.meta.glob<JsonModule>('../locales/errors/*.json');

function isTree(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts both `{ "error": { "401": ... } }` and flat `{ "error.401": ... }` files. */
export function toNestedTree(source: unknown): TranslationTree {
  const tree: TranslationTree = {};
  if (!isTree(source)) return tree;
  for (const [key, value] of Object.entries(source)) {
    const nested = isTree(value) ? toNestedTree(value) : typeof value === 'string' ? value : null;
    if (nested === null) continue;
    const path = key.split('.');
    let node = tree;
    path.slice(0, -1).forEach((segment) => {
      const next = node[segment];
      node = isTree(next) ? (next as TranslationTree) : (node[segment] = {});
    });
    const leaf = path[path.length - 1] as string;
    const existing = node[leaf];
    node[leaf] = isTree(existing) && isTree(nested) ? mergeTrees(existing as TranslationTree, nested) : nested;
  }
  return tree;
}

export function mergeTrees(target: TranslationTree, source: TranslationTree): TranslationTree {
  const merged: TranslationTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    merged[key] = isTree(existing) && isTree(value) ? mergeTrees(existing, value) : value;
  }
  return merged;
}

async function loadFile(files: Record<string, () => Promise<JsonModule>>, path: string): Promise<TranslationTree> {
  const load = files[path];
  return load ? toNestedTree((await load()).default) : {};
}

/** The screen texts of one language merged with its error-code and form-rule texts. */
export async function loadTranslationTree(language: LanguageCode): Promise<TranslationTree> {
  const [screens, errors] = await Promise.all([
    loadFile(screenTexts, `../locales/${language}.json`),
    loadFile(errorTexts, `../locales/errors/${language}.json`),
  ]);
  return mergeTrees(screens, errors);
}
