import { createHash } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from '../src/plugins/web-app';
import { createBoundDevice } from './helpers/devices';
import { memberOf } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

const check = 'if(!localStorage.getItem("accessToken"))location.replace("/api/v1/sso/authorize")';
// createTestApp's PUBLIC_URL.
const publicHost = '127.0.0.1:9';
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

const consumerPage = '<html><head><script type="module" src="/assets/consumer.js"></script></head></html>';

/** A built web app of one page and one script, in a folder of its own. */
function webDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'sbo-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<html><head><script>${check}</script></head><body></body></html>`);
  writeFileSync(path.join(dist, 'consumer.html'), consumerPage);
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  // The consumer entry's manifest names each language's texts file.
  mkdirSync(path.join(dist, '.vite'));
  const manifest = Object.fromEntries(
    ['en', 'ja'].map((language) => [
      `src/consumer/locales/${language}.json`,
      { file: `assets/${language}-0a1b2c.js`, isDynamicEntry: true },
    ]),
  );
  writeFileSync(path.join(dist, '.vite', 'consumer-manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe("index.html's inline sign-in check and the CSP", () => {
  it('allows exactly the inline scripts of the page, by hash, beside script-src', () => {
    const html = `<html><head><script>${check}</script><script type="module" src="/a.js"></script></head></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(check)]);
    const policy = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(policy, [sha(check)])).toBe(
      `default-src 'self';script-src 'self' ${sha(check)};style-src 'self' 'unsafe-inline'`,
    );
    expect(withScriptHashes(policy, [])).toBe(policy);
  });

  describe('served by the api', () => {
    let ctx: TestContext;
    let dist: string;
    beforeAll(async () => {
      dist = webDist();
      ctx = await createTestApp({ WEB_DIST: dist });
    });
    afterAll(async () => {
      await ctx.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it("names the page's inline script in the page's policy, and only there", async () => {
      const page = await ctx.app.inject({ url: '/dashboard', headers: { accept: 'text/html', host: publicHost } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${sha(check)}`);
      const api = await ctx.app.inject({ url: '/api/ready' });
      expect(api.headers['content-security-policy']).toContain("script-src 'self';");
      expect(api.headers['content-security-policy']).not.toContain('sha256');
    });

    it("serves a machine's checkout (its QR code's address), the payment's result and the card top-up pages from the consumer entry, without the back office", async () => {
      for (const url of [
        '/custom/checkout?hwid=SUNNY-W01',
        '/fn/checkout?deviceId=3',
        '/custom/checkout/',
        '/custom/checkout-result?orderId=abcdefghijklmnop',
        '/mb/checkout-result?orderId=abcdefghijklmnop',
        '/custom/card-top-up?placeId=1',
        '/custom/card-top-up?hwid=SUNNY-W01&program=ok',
        '/custom/card-top-up-result?orderId=abcdefghijklmnop',
      ]) {
        const page = await ctx.app.inject({ url, headers: { accept: 'text/html', host: publicHost } });
        expect(page.statusCode, url).toBe(200);
        // No language asked: the page as built, English's texts named (and what the api answered, below).
        expect(page.body, url).toContain(
          consumerPage.replace('</head></html>', '<link rel="modulepreload" crossorigin href="/assets/en-0a1b2c.js">'),
        );
        expect(page.headers['cache-control'], url).toBe('no-cache');
        // The consumer entry has no inline script: the policy allows none.
        expect(page.headers['content-security-policy'], url).not.toContain('sha256');
      }
      // The other public pages (the external redirects, look-alike addresses) are still the back office's.
      for (const url of ['/mb/checkout?hwid=x', '/custom/checkouts', '/custom/card-top-ups', '/fn/card-top-up']) {
        const page = await ctx.app.inject({ url, headers: { accept: 'text/html', host: publicHost } });
        expect(page.body, url).toContain(check);
      }
    });

    it("arrives with the api's answer about the machine and the visitor's language's texts, the answer's text kept inert", async () => {
      const { merchant } = await memberOf(ctx, 'merchant');
      const name = '</script><script>alert(1)</script><!--';
      const { hwid } = await createBoundDevice(ctx.db, { merchantId: merchant.id, name });
      const page = await ctx.app.inject({
        url: `/custom/checkout?hwid=${hwid}&utm_source=sticker`,
        headers: { accept: 'text/html', host: publicHost, 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ja-0a1b2c.js">');
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).not.toContain('<!--');
      const block = /<script type="application\/json" id="consumer-boot">(.*?)<\/script>/.exec(page.body)?.[1];
      const { answers } = JSON.parse(block!) as {
        answers: Record<string, { status: number; body: { result: { device: { name: string } } } }>;
      };
      // Under the address the page would call, what that call answers.
      const address = `/api/v1/checkout/machine?hwid=${hwid}`;
      expect(Object.keys(answers)).toEqual([address]);
      expect(answers[address]).toEqual({ status: 200, body: (await ctx.app.inject({ url: address })).json() });
      expect(answers[address]!.body.result.device.name).toBe(name);
      // A machine the api does not know: the page arrives with the api's refusal, to show it as always.
      const unknown = await ctx.app.inject({
        url: '/fn/checkout?deviceId=2147483647',
        headers: { accept: 'text/html', host: publicHost },
      });
      const refused = /id="consumer-boot">(.*?)<\/script>/.exec(unknown.body)?.[1];
      const refusal = await ctx.app.inject({ url: '/api/v1/checkout/machine?deviceId=2147483647' });
      expect(refusal.statusCode).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(refused!)).toEqual({
        answers: {
          '/api/v1/checkout/machine?deviceId=2147483647': { status: refusal.statusCode, body: refusal.json() },
        },
      });
    });

    it("arrives at a card top-up page with the api's answer about the place's card offer", async () => {
      const { merchant } = await memberOf(ctx, 'merchant');
      const { hwid } = await createBoundDevice(ctx.db, { merchantId: merchant.id });
      for (const [query, address] of [
        [`hwid=${hwid}&program=ok`, `/api/v1/checkout/card/offer?hwid=${hwid}&program=ok`],
        ['placeId=2147483647', '/api/v1/checkout/card/offer?placeId=2147483647&program=vip'],
      ] as const) {
        const page = await ctx.app.inject({
          url: `/custom/card-top-up?${query}`,
          headers: { accept: 'text/html', host: publicHost },
        });
        const block = /id="consumer-boot">(.*?)<\/script>/.exec(page.body)?.[1];
        const answer = await ctx.app.inject({ url: address });
        // Under the address the page would call (an offer, or the refusal it shows as if it had asked).
        expect(JSON.parse(block!), query).toEqual({
          answers: { [address]: { status: answer.statusCode, body: answer.json() } },
        });
      }
      // An address that names no place: nothing to ask, nothing written in.
      const bare = await ctx.app.inject({
        url: '/custom/card-top-up',
        headers: { accept: 'text/html', host: publicHost },
      });
      expect(bare.body).not.toContain('consumer-boot');
    });

    it("serves the build's brotli copy of a file to a browser that accepts it", async () => {
      const compressed = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      const plain = await ctx.app.inject({ url: '/assets/app.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log(1)');
    });
  });
});

describe('a page asked for at another address than PUBLIC_URL', () => {
  let ctx: TestContext;
  let behindProxy: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = webDist();
    ctx = await createTestApp({ WEB_DIST: dist });
    // inject() comes from 127.0.0.1: here that address is a trusted reverse proxy.
    behindProxy = await createTestApp({ WEB_DIST: dist, TRUST_PROXY: '127.0.0.1' }, undefined, {
      databaseUrl: ctx.databaseUrl,
    });
  });
  afterAll(async () => {
    await behindProxy.close();
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const page = (app: TestContext, url: string, headers: Record<string, string>) =>
    app.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });

  it('is sent to the same path and query at PUBLIC_URL', async () => {
    for (const host of ['localhost:9', '192.168.1.20:9', '127.0.0.1:8080', 'sbo-second.test']) {
      const moved = await page(ctx, '/device/info?hwid=SUNNY-W01&tab=log', { host });
      expect(moved.statusCode).toBe(302);
      expect(moved.headers.location).toBe('http://127.0.0.1:9/device/info?hwid=SUNNY-W01&tab=log');
    }
    const here = await page(ctx, '/device/info?hwid=SUNNY-W01', { host: publicHost });
    expect(here.statusCode).toBe(200);
    expect(here.headers['content-type']).toContain('text/html');
  });

  it('leaves the api, its documentation and the files alone, at any address', async () => {
    const ready = await ctx.app.inject({ url: '/api/ready', headers: { host: 'localhost:9' } });
    expect(ready.statusCode).toBe(200);
    const docs = await page(ctx, '/api/docs', { host: 'localhost:9' });
    expect(docs.statusCode).not.toBe(302);
    const missing = await page(ctx, '/api/v1/no-such-route', { host: 'localhost:9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: expect.any(Number) });
    const script = await ctx.app.inject({ url: '/assets/app.js', headers: { host: 'localhost:9' } });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1)');
  });

  it('never sends anyone to another origin, whatever the Host, X-Forwarded-Host or request target say', async () => {
    const answers = [
      await page(ctx, '/dashboard', { host: 'evil.example' }),
      await page(ctx, '/dashboard', { host: 'evil.example', 'x-forwarded-host': publicHost }),
      await page(ctx, '//evil.example/dashboard', { host: 'evil.example' }),
      await page(ctx, '/\\evil.example/dashboard', { host: 'evil.example' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(302);
      expect(new URL(answer.headers.location as string).origin).toBe('http://127.0.0.1:9');
    }
    expect(answers[0]!.headers.location).toBe('http://127.0.0.1:9/dashboard');
    // Without TRUST_PROXY the header is anyone's to write: it neither redirects nor names a target.
    const forwarded = await page(ctx, '/dashboard', { host: publicHost, 'x-forwarded-host': 'evil.example' });
    expect(forwarded.statusCode).toBe(200);
  });

  it("takes a trusted proxy's X-Forwarded-Host as the address asked for", async () => {
    const viaProxy = await page(behindProxy, '/dashboard?x=1', {
      host: 'backend:8080',
      'x-forwarded-host': publicHost,
    });
    expect(viaProxy.statusCode).toBe(200);
    const otherName = await page(behindProxy, '/dashboard?x=1', {
      host: publicHost,
      'x-forwarded-host': 'evil.example',
    });
    expect(otherName.statusCode).toBe(302);
    expect(otherName.headers.location).toBe('http://127.0.0.1:9/dashboard?x=1');
  });
});
