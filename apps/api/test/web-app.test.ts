import { createHash } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from '../src/plugins/web-app';
import { createTestApp, type TestContext } from './helpers/test-app';

const check = 'if(!localStorage.getItem("accessToken"))location.replace("/api/v1/sso/authorize")';
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

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
      dist = mkdtempSync(path.join(tmpdir(), 'sbo-web-dist-'));
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'index.html'), `<html><head><script>${check}</script></head><body></body></html>`);
      writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
      writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
      ctx = await createTestApp({ WEB_DIST: dist });
    });
    afterAll(async () => {
      await ctx.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it("names the page's inline script in the page's policy, and only there", async () => {
      const page = await ctx.app.inject({ url: '/dashboard', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${sha(check)}`);
      const api = await ctx.app.inject({ url: '/api/ready' });
      expect(api.headers['content-security-policy']).toContain("script-src 'self';");
      expect(api.headers['content-security-policy']).not.toContain('sha256');
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
