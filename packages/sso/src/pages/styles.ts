import { createHash } from 'node:crypto';

/** The pages' only stylesheet, inlined; the CSP allows it by hash, so no inline style can be injected. */
export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f2f4f8;--card:#fff;--text:#18212d;--muted:#596578;--border:#cfd6e0;--primary:#1d5bd8;--primary-hover:#1549b3;--on-primary:#fff;--ring:#1d5bd8;--danger:#b42318;--danger-bg:#fef3f2;--danger-border:#f4c7c2}
@media (prefers-color-scheme:dark){:root{--bg:#0e131a;--card:#171f29;--text:#e6ebf2;--muted:#9ba7b6;--border:#2d3947;--primary:#6b9bff;--primary-hover:#8cb1ff;--on-primary:#0b1220;--ring:#8cb1ff;--danger:#ffb4aa;--danger-bg:#3b1612;--danger-border:#6e2a22}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:32px 16px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Thai","PingFang TC","Microsoft JhengHei","Microsoft YaHei",sans-serif}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--border);border-radius:16px;padding:32px 28px;box-shadow:0 12px 32px rgba(16,24,40,.08)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 28px;font-weight:600;font-size:.95rem}
.mark{display:inline-grid;place-items:center;width:36px;height:36px;border-radius:10px;background:var(--primary);color:var(--on-primary);font-size:.8rem;font-weight:700;letter-spacing:.04em}
h1{margin:0 0 6px;font-size:1.5rem;line-height:1.3}
.intro{margin:0 0 24px;color:var(--muted)}
.field{margin:0 0 16px}
label{display:block;margin:0 0 6px;font-weight:600;font-size:.95rem}
input{display:block;width:100%;height:46px;padding:0 12px;border:1px solid var(--border);border-radius:10px;background:var(--card);color:var(--text);font:inherit;font-size:16px}
input[aria-invalid=true]{border-color:var(--danger)}
.hint{margin:6px 0 0;color:var(--muted);font-size:.875rem}
button,.button{display:block;width:100%;min-height:46px;margin:8px 0 0;padding:10px 16px;border:0;border-radius:10px;background:var(--primary);color:var(--on-primary);font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:hover{background:var(--primary-hover)}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--border)}
a{color:var(--primary);text-underline-offset:2px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.alert{margin:0 0 20px;padding:12px 14px;border:1px solid var(--danger-border);border-radius:10px;background:var(--danger-bg);color:var(--danger)}
.alert p{margin:0}
.alert a{display:inline-block;margin-top:6px;color:inherit;font-weight:600}
.switch{margin:24px 0 0;text-align:center;color:var(--muted)}
.switch a{white-space:nowrap}
@media (max-width:480px){body{align-items:flex-start;padding:16px 12px}main{padding:24px 20px;border-radius:12px}h1{font-size:1.35rem}}
`.trim();

export const PAGE_CSS_HASH = `'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'`;

/** Headers every page of the sign-in service carries. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': `default-src 'none'; style-src ${PAGE_CSS_HASH}; frame-ancestors 'none'; base-uri 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;
