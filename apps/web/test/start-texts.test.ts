import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startFolders, toNestedTree } from '../src/lib/translation-bundles';
import { importClosure } from './import-graph';

// The first screen (sign-in, merchant pick, not-found, messages) renders with only the start texts: the
// shell's and the error texts. Every area's texts load with the first screen behind it. These checks keep
// that split honest: no start code asks for an area's key, and no area file hides a shell key.
const src = fileURLToPath(new URL('../src/', import.meta.url));
const locales = path.join(src, 'locales');

const topLevelKeys = (file: string): string[] =>
  Object.keys(toNestedTree(JSON.parse(readFileSync(path.join(locales, file), 'utf8'))));

const startKeys = new Set(startFolders.flatMap((folder) => topLevelKeys(`${folder}en.json`)));
const areaFolders = readdirSync(locales, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !startFolders.includes(`${entry.name}/`))
  .map((entry) => entry.name);

/** Text keys a file names literally: `t('area.key')`, `i18n.t('…')` and route title keys. */
function keysUsed(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const calls = [...source.matchAll(/\bt\(\s*['`]([A-Za-z][\w-]*)\./g)].map((match) => match[1] as string);
  const titles = [...source.matchAll(/\b\w*Key:\s*'([A-Za-z][\w-]*)\./g)].map((match) => match[1] as string);
  return [...calls, ...titles];
}

const startModules = importClosure(
  [
    'main.tsx',
    // main.tsx imports the app's shell dynamically (its own task at start-up), but always before the first render.
    'app/app-root.tsx',
    'features/sign-in/components/user-login-screen.tsx',
    'features/sign-in/components/merchant-login-screen.tsx',
    'features/shell/components/not-found-screen.tsx',
    'components/ui/message-host.tsx',
  ].map((file) => path.join(src, file)),
);

describe('texts of the first screen', () => {
  it('follows the first screen through its imports', () => {
    expect(startModules.size).toBeGreaterThan(10);
    expect([...startModules].some((file) => file.endsWith('router.tsx'))).toBe(true);
  });

  it('asks only for shell and error texts in the code the first screen runs', () => {
    const areaKeys = [...startModules].flatMap((file) =>
      keysUsed(file)
        .filter((key) => !startKeys.has(key))
        .map((key) => `${path.relative(src, file)}: ${key}.*`),
    );
    expect(areaKeys).toEqual([]);
  });

  it.each(areaFolders)('leaves the shell keys to the shell: locales/%s/ adds none of them', (folder) => {
    expect(topLevelKeys(`${folder}/en.json`).filter((key) => startKeys.has(key))).toEqual([]);
  });
});
