import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * `import 'antd/dist/antd.css'` (main.tsx) gets the trimmed stylesheet. antd's components build no styles
 * in the browser (the theme's zeroRuntime): this file is all of their styling, over the theme's CSS variables.
 */
export function antdStyles(): Plugin {
  const file = createRequire(import.meta.url).resolve('antd/dist/antd.css');
  return {
    name: 'antd-styles',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== file) return null;
      return trimAntdStyles(readFileSync(file, 'utf8'));
    },
  };
}
