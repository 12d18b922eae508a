import type { LanguageCode } from '@sbo/contracts/constants';
import { PAGE_CSS } from './styles.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Escapes a text and puts the (escaped, emphasised) email where it says `{email}`. */
export function withEmail(text: string, email: string): string {
  return escapeHtml(text).replace('{email}', `<strong>${escapeHtml(email)}</strong>`);
}

export type LayoutOptions = { locale: LanguageCode; title: string; body: string };

/** The page shell: product mark, centred card; `body` must already be escaped HTML. */
export function renderLayout({ locale, title, body }: LayoutOptions): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Merchant Back-Office</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
<p class="brand"><span class="mark" aria-hidden="true">MB</span><span>Merchant Back-Office</span></p>
${body}
</main>
</body>
</html>`;
}
