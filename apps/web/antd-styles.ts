import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * antd components the app never renders, not even inside another one (antd's class prefixes): their rules
 * are left out of the prebuilt stylesheet, a quarter of its size, which a phone parses on every start.
 * A component that starts being used must come off this list (its elements would be unstyled).
 */
export const unusedAntdComponents: readonly string[] = [
  'affix',
  'anchor',
  'breadcrumb',
  'carousel',
  'cascader',
  'collapse',
  'color-picker',
  'divider',
  'float-btn',
  'image',
  'masonry',
  'mentions',
  'otp',
  'popconfirm',
  'popover',
  'qrcode',
  'rate',
  'ribbon',
  'slider',
  'splitter',
  'tour',
  'transfer',
  'tree',
  'tree-select',
  'upload',
  'watermark',
];

/** Splits a CSS text into its top-level blocks: `prelude{body}` (at-rule or rule). */
function blocks(css: string): { prelude: string; body: string }[] {
  const found: { prelude: string; body: string }[] = [];
  let start = 0;
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open < 0) break;
    let depth = 1;
    let end = open + 1;
    for (; end < css.length && depth > 0; end += 1) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}') depth -= 1;
    }
    found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, end - 1) });
    start = end;
    index = end;
  }
  return found;
}

/** Splits a selector list at its top-level commas (not those inside `:is(...)`, `:where(...)`). */
function selectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index += 1) {
    const char = prelude[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(prelude.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** antd's prebuilt stylesheet without the rules of the components in `unused`. */
export function trimAntdStyles(css: string, unused: readonly string[] = unusedAntdComponents): string {
  if (unused.length === 0) return css;
  const pattern = new RegExp(`\\.ant-(?:${unused.join('|')})(?![a-z])`);
  const keep = (text: string, inKeyframes: boolean): string =>
    blocks(text)
      .map(({ prelude, body }) => {
        if (prelude.startsWith('@')) {
          const inner = keep(body, inKeyframes || /^@(?:-webkit-)?keyframes/.test(prelude));
          return inner ? `${prelude}{${inner}}` : '';
        }
        if (inKeyframes) return `${prelude}{${body}}`;
        const kept = selectors(prelude).filter((selector) => !pattern.test(selector));
        return kept.length > 0 ? `${kept.join(',')}{${body}}` : '';
      })
      .join('');
  return keep(css, false);
}

/**
 * How many files antd's stylesheet is written as. A browser parses each stylesheet in a task of its own as it
 * arrives: the whole (about 0.76 MB) took one 29-35 ms task of the dashboard's start on a desktop core, four
 * times that on a phone; a quarter of it stays under the 50 ms a phone's task may take (docs/performance.md).
 */
export const antdStyleParts = 4;

/**
 * A stylesheet in `count` parts of about equal size, cut only between top-level blocks (a rule or an
 * at-rule with all it holds), in order: the parts, linked one after another, style a page as the whole did.
 */
export function splitStyles(css: string, count: number): string[] {
  const texts = blocks(css).map(({ prelude, body }) => `${prelude}{${body}}`);
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  const parts: string[] = [];
  let current = '';
  for (const text of texts) {
    current += text;
    if (parts.length < count - 1 && current.length >= total / count) {
      parts.push(current);
      current = '';
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** The name a built part of antd's stylesheet is emitted under (`assets/antd-1-<hash>.css`). */
const partName = (index: number) => `antd-${index + 1}.css`;

/**
 * The stylesheet tags of antd's parts in a build's bundle, first to last: index.html links them ahead of the
 * app's own stylesheet, so the app's rules still come after antd's.
 */
export function antdStyleTags(bundle: Record<string, { type: string; names?: string[] }> | undefined): string[] {
  if (!bundle) return [];
  const files = Array.from(
    { length: antdStyleParts },
    (_, index) =>
      Object.entries(bundle).find(([, item]) => item.type === 'asset' && item.names?.includes(partName(index)))?.[0],
  );
  return files
    .filter((file) => file !== undefined)
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
}

/**
 * `import 'antd/dist/antd.css'` (main.tsx) gets the trimmed stylesheet. antd's components build no styles
 * in the browser (the theme's zeroRuntime): this file is all of their styling, over the theme's CSS variables.
 * A build writes it as `antdStyleParts` files of its own (linked by index.html: vite.config.ts's sign-in-first
 * plugin), not inside the app's stylesheet; the dev server serves it whole.
 */
export function antdStyles(): Plugin {
  const file = createRequire(import.meta.url).resolve('antd/dist/antd.css');
  let building = false;
  return {
    name: 'antd-styles',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async load(id) {
      if (id.split('?')[0] !== file) return null;
      const css = trimAntdStyles(readFileSync(file, 'utf8'));
      if (!building) return css;
      // Minified as the build minifies the app's own stylesheet (esbuild, as Vite's CSS minifier).
      const parts = await Promise.all(
        splitStyles(css, antdStyleParts).map(
          async (part) => (await transform(part, { loader: 'css', minify: true })).code,
        ),
      );
      parts.forEach((source, index) => this.emitFile({ type: 'asset', name: partName(index), source }));
      return '';
    },
  };
}
