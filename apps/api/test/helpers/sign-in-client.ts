/**
 * Signs in the way a browser does, with a plain HTTP client: follows redirects by hand,
 * keeps cookies, fills the sign-in form it is shown and submits it.
 */
type Jar = Map<string, Map<string, string>>;

export type SignInResult = {
  keyring: string | null;
  finalUrl: URL;
  lastPage: string;
  lastStatus: number;
  /** The Cookie header this browser sends to the back-office (it carries the sign-in's binding). */
  cookie: string;
};

export async function signInThroughPages(
  start: string,
  credentials: { email: string; password: string },
  /** Headers this browser sends with every request, e.g. an X-Forwarded-For of its own. */
  headers: Record<string, string> = {},
): Promise<SignInResult> {
  const jar: Jar = new Map();
  let response = await follow(jar, new URL(start), { method: 'GET', headers });
  let page = await response.response.text();
  const form = parseForm(page, response.url);
  if (!form) {
    const { url } = response;
    const cookie = cookieHeader(jar, url);
    return { keyring: null, finalUrl: url, lastPage: page, lastStatus: response.response.status, cookie };
  }
  const fields = new URLSearchParams({ ...form.hidden, email: credentials.email, password: credentials.password });
  response = await follow(jar, form.action, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  page = await response.response.text();
  return {
    keyring: response.url.pathname === '/user-login' ? response.url.searchParams.get('keyring') : null,
    finalUrl: response.url,
    lastPage: page,
    lastStatus: response.response.status,
    cookie: cookieHeader(jar, response.url),
  };
}

/** `GET sso/replacement` as the web does it from the browser that signed in: with that browser's cookie. */
export function redeemKeyring(
  base: string,
  signIn: Pick<SignInResult, 'keyring' | 'cookie'>,
  cookie = signIn.cookie,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}/api/v1/sso/replacement?keyring=${encodeURIComponent(signIn.keyring ?? '')}`, {
    headers: cookie ? { ...headers, cookie } : headers,
  });
}

/** Follows redirects until a page, or the back-office's /user-login (which a browser would render). */
async function follow(jar: Jar, url: URL, init: RequestInit): Promise<{ response: Response; url: URL }> {
  let current = url;
  let request = init;
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(current, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers ?? {}), cookie: cookieHeader(jar, current) },
    });
    storeCookies(jar, current, response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
    await response.arrayBuffer();
    current = new URL(location, current);
    request = { method: 'GET', headers: omitContentType(request.headers) };
    if (current.pathname === '/user-login') return { response: new Response('', { status: 200 }), url: current };
  }
  throw new Error('too many redirects');
}

function omitContentType(headers: RequestInit['headers']): Record<string, string> {
  const { 'content-type': _contentType, ...rest } = (headers ?? {}) as Record<string, string>;
  return rest;
}

function parseForm(html: string, base: URL): { action: URL; hidden: Record<string, string> } | null {
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const action = /action="([^"]*)"/i.exec(form[0])?.[1] ?? base.pathname;
  const hidden: Record<string, string> = {};
  for (const input of form[1]!.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(input[0])?.[1];
    const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
    if (name) hidden[name] = value.replace(/&amp;/g, '&');
  }
  return { action: new URL(action.replace(/&amp;/g, '&'), base), hidden };
}

function storeCookies(jar: Jar, url: URL, response: Response): void {
  const cookies = jar.get(url.host) ?? new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') cookies.delete(name);
    else cookies.set(name, value);
  }
  jar.set(url.host, cookies);
}

function cookieHeader(jar: Jar, url: URL): string {
  return [...(jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
}
