import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { localeFileOf, mergeLocaleFiles, type TextScope } from './src/lib/translation-tree.ts';

/** The module `lib/translation-bundles.ts` imports: each scope's loader per language. */
export const textBundlesId = 'virtual:text-bundles';
const bundlePrefix = `${textBundlesId}/texts-`;
const localesDir = fileURLToPath(new URL('src/locales/', import.meta.url));

/** Every locale file of the back office, relative to `src/locales/`: `en.json`, `errors/en.json`, `devices/en.json`. */
function localeFiles(): string[] {
  return readdirSync(localesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => localeFileOf(file) !== null);
}

/**
 * Each language's texts as one module per scope (`start`: the shell's and the error texts; `areas`: every
 * feature area's), merged into one nested tree at build time. A screen behind sign-in then asks for one
 * file per language instead of one per area (28), and the browser parses one JSON text instead of merging
 * the files itself. `virtual:text-bundles` exports `{ start: { en: () => import(…), … }, areas: { … } }`
 * with a loader per language found in `src/locales/`; each loader's module is its own chunk
 * (`texts-areas-en-<hash>.js`).
 */
export function textBundles(): Plugin {
  return {
    name: 'text-bundles',
    resolveId(id) {
      return id === textBundlesId || id.startsWith(bundlePrefix) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${textBundlesId}`) {
        const languages = [...new Set(localeFiles().map((file) => localeFileOf(file)!.language))].sort();
        const loaders = (scope: TextScope) =>
          languages.map(
            (code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(`${bundlePrefix}${scope}-${code}`)})`,
          );
        return `export default {\n  start: { ${loaders('start').join(', ')} },\n  areas: { ${loaders('areas').join(', ')} },\n};\n`;
      }
      if (!id.startsWith(`\0${bundlePrefix}`)) return null;
      const match = /^(start|areas)-([\w-]+)$/.exec(id.slice(bundlePrefix.length + 1));
      if (!match) return null;
      const [, scope, language] = match;
      const files = localeFiles()
        .filter((file) => {
          const of = localeFileOf(file)!;
          return of.scope === scope && of.language === language;
        })
        .map((file) => {
          const absolute = path.join(localesDir, file);
          this.addWatchFile(absolute);
          return { path: file, source: JSON.parse(readFileSync(absolute, 'utf8')) as unknown };
        });
      // JSON.parse of a string literal: faster for the browser than the same tree as an object literal.
      const json = JSON.stringify(mergeLocaleFiles(files));
      return `export default JSON.parse(${JSON.stringify(json)});\n`;
    },
  };
}
