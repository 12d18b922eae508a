import type { LanguageCode } from '@sbo/contracts';
import bundles from 'virtual:text-bundles';
import type { TextScope, TranslationTree } from './translation-tree';

export { mergeTrees, startFolders, toNestedTree, type TextScope, type TranslationTree } from './translation-tree';

/**
 * Every text of one language in one scope, as one tree: one file per language and scope, merged from the
 * locale files at build time (`text-bundles.ts` beside vite.config.ts). Only the chosen language's files
 * are downloaded, and only when a scope needs them.
 */
export async function loadTranslationTree(language: LanguageCode, scope: TextScope): Promise<TranslationTree> {
  const load = bundles[scope][language];
  return load ? (await load()).default : {};
}
