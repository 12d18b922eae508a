import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importClosure } from './import-graph';

// What the shell, the dashboard and the device list import statically is what a phone downloads and runs
// before they show. Two imports once put whole libraries there: a value from the contracts' index (every
// schema of every area, about 75 KB, evaluated by the device list) and zod itself (about 180 KB, for the
// what's-new mark's folder names). Types are free; values come from the contracts' narrow modules.
const src = fileURLToPath(new URL('../src/', import.meta.url));

/** `import { a, type B } from 'x'` and `export { a } from 'x'` that bring a value (not only types) from `x`. */
function valueImportsFrom(file: string, specifier: string): string[] {
  const source = readFileSync(file, 'utf8');
  const pattern = new RegExp(`^\\s*(import|export)\\s+(type\\s+)?([^;]*?)\\s+from\\s+'${specifier}'`, 'gms');
  return [...source.matchAll(pattern)]
    .filter((match) => !match[2])
    .filter((match) => {
      const names = /\{([^}]*)\}/.exec(match[3] as string)?.[1];
      if (names === undefined) return true;
      return names
        .split(',')
        .map((name) => name.trim())
        .some((name) => name !== '' && !name.startsWith('type '));
    })
    .map((match) => `${path.relative(src, file)}: ${match[0].trim().split('\n')[0]}`);
}

const entries = [
  'main.tsx',
  'app/app-root.tsx',
  'app/layouts/manager-layout.tsx',
  'features/dashboard/components/dashboard-screen.tsx',
  'features/device/components/device-list-screen.tsx',
];
const modules = [
  ...importClosure(
    entries.map((file) => path.join(src, file)),
    { valuesOnly: true },
  ),
];

describe('what the shell, the dashboard and the device list import before they show', () => {
  it('follows them through their imports', () => {
    expect(modules.length).toBeGreaterThan(40);
    expect(modules.some((file) => file.endsWith('device-list-views.tsx'))).toBe(true);
  });

  it("takes no value from the contracts' index", () => {
    expect(modules.flatMap((file) => valueImportsFrom(file, '@sbo/contracts'))).toEqual([]);
  });

  it('does not bring zod', () => {
    expect(modules.flatMap((file) => valueImportsFrom(file, 'zod'))).toEqual([]);
  });
});
