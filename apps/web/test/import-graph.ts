import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const isSourceFile = (file: string) => /\.tsx?$/.test(file) && existsSync(file);

/**
 * The relative modules a file imports statically (`import … from './x'`, `export … from './x'`), resolved
 * to files; dynamic imports are left out, and type-only ones too when `valuesOnly`.
 */
function staticImports(file: string, valuesOnly: boolean): string[] {
  const source = readFileSync(file, 'utf8');
  const pattern = valuesOnly
    ? /^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms
    : /^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms;
  return [...source.matchAll(pattern)].flatMap((match) => {
    const base = path.resolve(path.dirname(file), match[1] as string);
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end).find(isSourceFile);
    return found ? [found] : [];
  });
}

/** Every source file `files` reach through static relative imports, themselves included. */
export function importClosure(files: readonly string[], options: { valuesOnly?: boolean } = {}): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file, options.valuesOnly ?? false));
  }
  return seen;
}
