import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  bearer,
  createUser,
  goodMerchantInfo as goodInfo,
  memberOf,
  merchantToken,
} from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /audit/list', () => {
  it('shows the owner who changed what, newest first, with before and after', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const staff = await addMember(ctx.db, {
      merchantId: owner.merchant.id,
      userId: (await createUser(ctx.db)).id,
      role: 'shareholder',
    });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers: bearer(owner.jwt),
      payload: goodInfo,
    });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/member/${staff.id}/suspend`, headers: bearer(owner.jwt) });
    const response = await ctx.app.inject({ url: '/api/v1/audit/list?pageSize=10', headers: bearer(owner.jwt) });
    const { items, total } = response.json().result;
    expect(total).toBe(2);
    expect(items[0]).toMatchObject({
      action: 'member.suspend',
      entity: 'member',
      entityId: String(staff.id),
      actor: { userId: owner.user.id, nickName: owner.user.nickName },
      before: { suspended: false },
      after: { suspended: true },
    });
    expect(items[1]).toMatchObject({ action: 'merchant.update', after: { companyName: 'Bright Wash Ltd.' } });

    // Narrowed to one kind of thing; an unknown kind is a 400 that names the field.
    const merchantOnly = await ctx.app.inject({
      url: '/api/v1/audit/list?entity=merchant',
      headers: bearer(owner.jwt),
    });
    expect(merchantOnly.json().result.total).toBe(1);
    expect(merchantOnly.json().result.items.map((entry: { action: string }) => entry.action)).toEqual([
      'merchant.update',
    ]);
    const places = await ctx.app.inject({ url: '/api/v1/audit/list?entity=place', headers: bearer(owner.jwt) });
    expect(places.json().result).toEqual({ items: [], total: 0 });
    const unknown = await ctx.app.inject({ url: '/api/v1/audit/list?entity=planet', headers: bearer(owner.jwt) });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('entity');
  });

  it("is open to root, never shows another merchant's rows, and is refused to a manager", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const other = await memberOf(ctx, 'merchant');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers: bearer(other.jwt),
      payload: goodInfo,
    });
    const root = await createUser(ctx.db, { isRoot: true });
    const rootJwt = await merchantToken(ctx, root.id, owner.merchant.id);
    expect((await ctx.app.inject({ url: '/api/v1/audit/list', headers: bearer(rootJwt) })).json().result).toEqual({
      items: [],
      total: 0,
    });
    const manager = await memberOf(ctx, 'manager');
    expect((await ctx.app.inject({ url: '/api/v1/audit/list', headers: bearer(manager.jwt) })).json().code).toBe(
      1104016,
    );
  });
});
