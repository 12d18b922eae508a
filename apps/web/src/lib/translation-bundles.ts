import type { LanguageCode } from '@sbo/contracts';
import { nextTask } from './next-task';

/** A nested translation tree as the locale files hold it. */
export type TranslationTree = { [key: string]: string | TranslationTree };

type JsonModule = { default: unknown };

/**
 * Which texts a load brings: `start` is what the first screen (sign-in, merchant pick, not-found, messages)
 * needs, the shell's `locales/<lang>.json` and the error-code and form-rule texts in `locales/errors/`;
 * `areas` is every feature area's folder (`locales/<area>/<lang>.json`), loaded with the first screen
 * behind sign-in (see `app/routes/screen-route.ts`).
 */
export type TextScope = 'start' | 'areas';

// Lazy maps: only the chosen language's files are downloaded, and only when a scope needs them.
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

/** The folders (relative to `locales/`) whose texts the first screen needs: the shell's and the errors'. */
export const startFolders: readonly string[] = ['', 'errors/'];

/** The locale files of one language in one scope, whatever folder they sit in. */
function filesOfLanguage(paths: readonly string[], language: LanguageCode, scope: TextScope): string[] {
  return paths
    .filter((path) => path.endsWith(`/${language}.json`))
    .filter((path) => {
      const folder = path.replace(/^.*\/locales\//, '').replace(/[^/]+\.json$/, '');
      return startFolders.includes(folder) === (scope === 'start');
    })
    .sort();
}

/** Every text of one language in one scope, merged into one tree. */
export async function loadTranslationTree(language: LanguageCode, scope: TextScope): Promise<TranslationTree> {
  const sources = await Promise.all(
    filesOfLanguage(Object.keys(textFiles), language, scope).map(async (path) => {
      const load = textFiles[path];
      return load ? (await load()).default : {};
    }),
  );
  // One file at a time, each in a task of its own: a phone's main thread answers between them.
  let merged: TranslationTree = {};
  for (const source of sources) {
    merged = mergeTrees(merged, toNestedTree(source));
    await nextTask();
  }
  return merged;
}
