/**
 * The texts' tree and how locale files merge into it: pure functions, used in the browser and by the build
 * (`text-bundles.ts` merges each language's files into one module with them, so the browser does not).
 */

/** A nested translation tree as the locale files hold it. */
export type TranslationTree = { [key: string]: string | TranslationTree };

/**
 * Which texts a load brings: `start` is what the first screen (sign-in, merchant pick, not-found, messages)
 * needs, the shell's `locales/<lang>.json` and the error-code and form-rule texts in `locales/errors/`;
 * `areas` is every feature area's folder (`locales/<area>/<lang>.json`), loaded with the first screen
 * behind sign-in (see `app/routes/screen-route.ts`).
 */
export type TextScope = 'start' | 'areas';

/** The folders (relative to `locales/`) whose texts the first screen needs: the shell's and the errors'. */
export const startFolders: readonly string[] = ['', 'errors/'];

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

/**
 * The scope a locale file belongs to, from its path relative to `locales/` (`en.json`, `errors/en.json`,
 * `devices/en.json`), and its language; null for a path that is no locale file.
 */
export function localeFileOf(relativePath: string): { scope: TextScope; language: string } | null {
  const match = /^((?:[\w-]+\/)?)([\w-]+)\.json$/.exec(relativePath);
  if (!match) return null;
  const [, folder = '', language = ''] = match;
  return { scope: startFolders.includes(folder) ? 'start' : 'areas', language };
}

/** One language's files of one scope (already parsed), in their paths' order, merged into one tree. */
export function mergeLocaleFiles(files: readonly { path: string; source: unknown }[]): TranslationTree {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .reduce<TranslationTree>((merged, file) => mergeTrees(merged, toNestedTree(file.source)), {});
}
