import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { trimAntdStyles, unusedAntdComponents } from '../antd-styles';

// antd's components build no styles in the browser (zeroRuntime): the prebuilt antd.css, less the
// components the app never renders, is all of their styling. A component used but trimmed would be unstyled.
const src = fileURLToPath(new URL('../src/', import.meta.url));
const antdCss = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');

/** The component names each trimmed prefix stands for, as `import { … } from 'antd'` or `X.Y` would name them. */
const componentsOf: Record<string, string[]> = {
  affix: ['Affix'],
  anchor: ['Anchor'],
  breadcrumb: ['Breadcrumb'],
  carousel: ['Carousel'],
  cascader: ['Cascader'],
  collapse: ['Collapse'],
  'color-picker': ['ColorPicker'],
  divider: ['Divider'],
  'float-btn': ['FloatButton'],
  image: ['Image'],
  masonry: ['Masonry'],
  mentions: ['Mentions'],
  otp: ['Input.OTP'],
  popconfirm: ['Popconfirm'],
  popover: ['Popover', 'Popconfirm'],
  qrcode: ['QRCode'],
  rate: ['Rate'],
  ribbon: ['Badge.Ribbon'],
  slider: ['Slider'],
  splitter: ['Splitter'],
  tour: ['Tour'],
  transfer: ['Transfer'],
  tree: ['Tree', 'TreeSelect', 'DirectoryTree'],
  'tree-select': ['TreeSelect'],
  upload: ['Upload', 'Dragger'],
  watermark: ['Watermark'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('antd styles', () => {
  it('drops the rules of unused components only, keeping keyframes and at-rules', () => {
    const css =
      '.ant-tree{a:b}.ant-btn,.ant-tree-node{c:d}.ant-treeish{x:y}' +
      '@media (max-width:1px){.ant-tree{e:f}.ant-table{g:h}}@media print{.ant-upload{i:j}}' +
      '@keyframes antTree{0%{opacity:0}to{opacity:1}}:where(.ant-btn,.ant-tree){k:l}';
    expect(trimAntdStyles(css, ['tree', 'upload'])).toBe(
      '.ant-btn{c:d}.ant-treeish{x:y}@media (max-width:1px){.ant-table{g:h}}' +
        '@keyframes antTree{0%{opacity:0}to{opacity:1}}',
    );
  });

  it('writes antd.css back unchanged when nothing is trimmed', () => {
    expect(trimAntdStyles(antdCss, ['no-such-component'])).toBe(antdCss);
  });

  it('trims only components no screen renders', () => {
    const used = sourceFiles(src).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const named = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)].flatMap((match) =>
        (match[1] as string).split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
      );
      const members = [...source.matchAll(/\b([A-Z]\w*\.[A-Z]\w*)\b/g)].map((match) => match[1] as string);
      return [...named, ...members].map((name) => `${path.relative(src, file)}: ${name}`);
    });
    for (const prefix of unusedAntdComponents) {
      const names = componentsOf[prefix];
      expect(names, `unusedAntdComponents names ${prefix} without the components it stands for`).toBeDefined();
      const uses = used.filter((use) => names!.some((name) => use.endsWith(`: ${name}`)));
      expect(uses, `${prefix} is trimmed from antd's styles but used`).toEqual([]);
    }
  });

  it('keeps the styles of the components the app renders', () => {
    const trimmed = trimAntdStyles(antdCss);
    for (const prefix of ['btn', 'card', 'table', 'picker', 'select', 'form', 'modal', 'drawer', 'menu', 'tooltip']) {
      expect(trimmed, prefix).toMatch(new RegExp(`\\.ant-${prefix}(?![a-z-])`));
    }
    expect(trimmed.length).toBeLessThan(antdCss.length * 0.85);
  });
});
