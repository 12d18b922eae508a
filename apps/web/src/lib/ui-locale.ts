import type { LanguageCode } from '@sbo/contracts';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

// One import per language so the bundler emits a small chunk for each and only
// the chosen one is fetched.
const antdLocales: Record<LanguageCode, () => Promise<{ default: Locale }>> = {
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
  'zh-HK': () => import('antd/es/locale/zh_HK'),
  th: () => import('antd/es/locale/th_TH'),
  vi: () => import('antd/es/locale/vi_VN'),
  ms: () => import('antd/es/locale/ms_MY'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
};

const dayjsLocales: Record<LanguageCode, { name: string; load: () => Promise<unknown> }> = {
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  en: { name: 'en', load: () => Promise.resolve() },
  'zh-HK': { name: 'zh-hk', load: () => import('dayjs/locale/zh-hk') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
  ms: { name: 'ms', load: () => import('dayjs/locale/ms') },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
};

let currentAntdLocale: Locale | undefined;
const listeners = new Set<() => void>();

/** Loads antd's and dayjs's texts for a language and makes them current together. */
export async function applyUiLocale(language: LanguageCode): Promise<void> {
  const dayjsLocale = dayjsLocales[language];
  const [antd] = await Promise.all([antdLocales[language](), dayjsLocale.load()]);
  dayjs.locale(dayjsLocale.name);
  currentAntdLocale = antd.default;
  listeners.forEach((listener) => listener());
}

export function getAntdLocale(): Locale | undefined {
  return currentAntdLocale;
}

export function subscribeToUiLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
