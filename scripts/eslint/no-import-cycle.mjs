// An ESLint rule: no file may import (directly or through others) a file that imports it back.
// It follows relative imports only (`import`/`export ... from './x'`), reading each file once per run;
// type-only imports are erased from the JavaScript, so they cannot make a cycle.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const importPattern = /(?:^|[\s;])(?:import|export)\s(?!type\s)(?:[^'"`;]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;
const importsByFile = new Map();

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

function importsOf(file) {
  if (!importsByFile.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const found = [...text.matchAll(importPattern)].map((match) => resolve(file, match[1])).filter(Boolean);
    importsByFile.set(file, [...new Set(found)]);
  }
  return importsByFile.get(file);
}

/** The chain of imports from `start` back to `target`, if there is one. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, chain] = stack.pop();
    if (file === target) return chain;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...chain, next]]);
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between files (relative imports)' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (!target) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      const relative = [file, ...chain].map((step) => path.relative(process.cwd(), step));
      context.report({ node, messageId: 'cycle', data: { chain: relative.join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
