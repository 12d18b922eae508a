import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@sbo/contracts';
import { bearer, memberOf } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.get('/api/v1/test/boom', { config: { access: { token: 'public' } } }, async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
  });
});
afterAll(() => ctx.close());

describe('the response envelope', () => {
  it('wraps success in { result }', async () => {
    const { jwt } = await memberOf(ctx, 'merchant');
    const response = await ctx.app.inject({
      url: '/api/v1/merchant/info?tz=Asia/Taipei&timestamp=1763776800000',
      headers: bearer(jwt),
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['result']);
    expect(response.json().result.companyName).toBe('Test Laundry');
  });

  it('answers business errors with HTTP 478 and a catalogue code', async () => {
    const { jwt } = await memberOf(ctx, 'merchant');
    const login = await ctx.app.inject({ url: '/api/v1/merchant/999999/login', headers: bearer(jwt) });
    // A merchant token is the wrong kind for a login-token route.
    expect(login.statusCode).toBe(401);
    const user = await memberOf(ctx, 'manager');
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers: bearer(user.jwt),
      payload: {},
    });
    expect(denied.statusCode).toBe(478);
    expect(denied.json()).toEqual({ code: 1104016, message: expect.any(String) });
    expect(errorCatalogue.some((entry) => entry.code === denied.json().code)).toBe(true);
  });

  it('answers a request that fails its schema with 400 and per-field details', async () => {
    const { jwt } = await memberOf(ctx, 'merchant');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers: bearer(jwt),
      payload: { companyName: '', adminEmail: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(body.message).toBe('The entered information is wrong.');
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.companyName', 'body.adminEmail', 'body.adminPhone']));
  });

  it('rejects an unknown time zone or a malformed timestamp with 400', async () => {
    const tz = await ctx.app.inject({ url: '/api/v1/sso/replacement?keyring=x&tz=Mars/Olympus' });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().details[0].path).toBe('querystring.tz');
    const timestamp = await ctx.app.inject({ url: '/api/v1/sso/replacement?keyring=x&timestamp=yesterday' });
    expect(timestamp.statusCode).toBe(400);
  });

  it('answers malformed JSON and oversized bodies with 400, never 500', async () => {
    const { jwt } = await memberOf(ctx, 'merchant');
    const headers = { ...bearer(jwt), 'content-type': 'application/json' };
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers,
      payload: '{"companyName": ',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers,
      payload: JSON.stringify({ companyName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe(400);
  });

  it('never leaks internals in a 5xx', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 11001, message: 'Server error. Please contact customer support.' });
    expect(response.body).not.toContain('postgres');
  });

  it('answers unknown api paths with a 404 envelope', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ result: { status: 'ok' } });
    expect((await ctx.app.inject({ url: '/api/ready' })).json()).toEqual({ result: { status: 'ready' } });
    const openapi = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/v1/merchant/list', '/api/v1/merchant/info', '/api/v1/sso/replacement']),
    );
    expect(openapi.paths['/api/v1/merchant/info'].put.requestBody).toBeDefined();
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
