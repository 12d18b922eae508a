type StoredCookie = { name: string; value: string; path: string };

export type BrowserResponse = {
  status: number;
  location: string | undefined;
  url: string;
  headers: Headers;
  text: string;
};

function parseSetCookie(header: string, requestPath: string): { cookie: StoredCookie; expired: boolean } | undefined {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  if (separator <= 0) return undefined;
  let path = requestPath.slice(0, requestPath.lastIndexOf('/')) || '/';
  let expired = false;
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'path') path = value;
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) expired = true;
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) expired = true;
  }
  return { cookie: { name: pair.slice(0, separator), value: pair.slice(separator + 1), path }, expired };
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * A minimal browser for one host: keeps cookies by name and path (as browsers do, whatever the port),
 * never follows redirects by itself, and presents itself from a fixed client address.
 */
export class Browser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(private readonly clientAddress: string) {}

  async get(url: string): Promise<BrowserResponse> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>): Promise<BrowserResponse> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects from `response` until a page, or until one leaves for `stopAt` (the client). */
  async follow(response: BrowserResponse, stopAt: string): Promise<BrowserResponse> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      if (current.status < 300 || current.status >= 400 || !current.location) return current;
      const next = new URL(current.location, current.url).href;
      if (next.startsWith(stopAt)) return current;
      current = await this.get(next);
    }
    throw new Error('too many redirects');
  }

  private async send(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
    const { pathname } = new URL(url);
    const cookie = [...this.cookies.values()]
      .filter((stored) => pathMatches(pathname, stored.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((stored) => `${stored.name}=${stored.value}`)
      .join('; ');
    const headers = { ...init.headers, 'x-forwarded-for': this.clientAddress, ...(cookie ? { cookie } : {}) };
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const parsed = parseSetCookie(header, pathname);
      if (!parsed) continue;
      const key = `${parsed.cookie.name};${parsed.cookie.path}`;
      if (parsed.expired) this.cookies.delete(key);
      else this.cookies.set(key, parsed.cookie);
    }
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      url,
      headers: response.headers,
      text: await response.text(),
    };
  }
}
