import type { LanguageCode } from '@sbo/contracts';

/** A nested translation tree as the locale files hold it. */
export type TranslationTree = { [key: string]: string | TranslationTree };

type JsonModule = { default: unknown };

// Lazy maps: only the chosen language (and the English fallback) is downloaded.
// Texts live in `locales/<lang>.json` (the shell) and `locales/<area>/<lang>.json`
// (error codes and form rules in `errors/`, one folder per feature area); a
// language's files are merged at load.
const textFiles = import.meta.glob<JsonModule>(['../locales/*.json', '../locales/*/*.json']);

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

/** The locale files of one language, whatever folder they sit in. */
export function filesOfLanguage(paths: readonly string[], language: LanguageCode): string[] {
  return paths.filter((path) => path.endsWith(`/${language}.json`)).sort();
}

/** Every text of one language: the shell's, the error-code and form-rule texts, and each area's. */
export async function loadTranslationTree(language: LanguageCode): Promise<TranslationTree> {
  const trees = await Promise.all(
    filesOfLanguage(Object.keys(textFiles), language).map(async (path) => {
      const load = textFiles[path];
      return load ? toNestedTree((await load()).default) : {};
    }),
  );
  return trees.reduce<TranslationTree>((merged, tree) => mergeTrees(merged, tree), {});
}
