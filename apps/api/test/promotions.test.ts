import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /promotion/list', () => {
  it('filters by status', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/promotion/list?status=active', headers: bearer(owner.jwt) });
    console.log(r.body);
    expect(r.statusCode).toBe(200);
  });
});
