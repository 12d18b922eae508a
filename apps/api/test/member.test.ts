import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionGroup, Role } from '@sbo/contracts';
import { auditLog } from '../src/db/schema';
import { createCloudDevice } from './helpers/devices';
import { addMember, bearer, createMerchant, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type MemberRole = Exclude<Role, 'root'>;

/** A merchant with an acting member of `role` and a staff member of `targetRole`. */
async function team(role: Role, targetRole: MemberRole = 'storeManager', groups?: PermissionGroup[]) {
  const actor = await memberOf(ctx, role, groups);
  const staffUser = await createUser(ctx.db);
  const staff = await addMember(ctx.db, { merchantId: actor.merchant.id, userId: staffUser.id, role: targetRole });
  return { ...actor, staff, staffUser };
}

const call = (jwt: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), payload });

const lastAudit = async (merchantId: number) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(desc(auditLog.id)))[0];

describe('GET /member/list', () => {
  it("lists the merchant's members with name, email, role, last login, suspension and groups", async () => {
    const { jwt, merchant, user, staff, staffUser } = await team('merchant');
    const response = await call(jwt, 'GET', '/member/list');
    expect(response.statusCode).toBe(200);
    const list = response.json().result;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ userId: user.id, role: 'merchant', isSelf: true, suspended: false });
    expect(list[0].lastLoginAt).not.toBeNull();
    expect(list[1]).toEqual({
      id: staff.id,
      userId: staffUser.id,
      nickName: staffUser.nickName,
      email: staffUser.email,
      avatar: null,
      role: 'storeManager',
      permissionGroups: ['remoteControl', 'notification'],
      suspended: false,
      lastLoginAt: null,
      isSelf: false,
    });
    expect(merchant.id).toBeGreaterThan(0);
  });

  it("never shows another merchant's members", async () => {
    const mine = await team('merchant');
    const other = await team('merchant');
    const list = (await call(mine.jwt, 'GET', '/member/list')).json().result;
    expect(list.map((m: { userId: number }) => m.userId)).not.toContain(other.staffUser.id);
    const detail = await call(mine.jwt, 'GET', `/member/${other.staff.id}`);
    expect(detail.json().code).toBe(1104020);
  });

  it('is refused to a shareholder, and to a manager without member management', async () => {
    expect((await call((await memberOf(ctx, 'shareholder')).jwt, 'GET', '/member/list')).json().code).toBe(1104016);
    const manager = await memberOf(ctx, 'manager', ['transaction']);
    expect((await call(manager.jwt, 'GET', '/member/list')).json().code).toBe(1104016);
  });
});

describe('GET /member/:memberID', () => {
  it('shows role, groups and the device whitelist', async () => {
    const { jwt, staff } = await team('manager');
    const response = await call(jwt, 'GET', `/member/${staff.id}`);
    expect(response.json().result).toMatchObject({
      id: staff.id,
      role: 'storeManager',
      deviceWhitelist: { enabled: false, deviceIds: [] },
    });
  });
});

describe('PUT /member/:memberID', () => {
  it('changes groups and role and writes the audit row with before and after', async () => {
    const { jwt, merchant, staff, user } = await team('merchant');
    const response = await call(jwt, 'PUT', `/member/${staff.id}`, { permissionGroups: ['notification'] });
    expect(response.json().result.permissionGroups).toEqual(['notification']);
    const audit = await lastAudit(merchant.id);
    expect(audit).toMatchObject({ action: 'member.update', actorUserId: user.id, entityId: String(staff.id) });
    expect(audit!.before).toMatchObject({ permissionGroups: ['remoteControl', 'notification'] });
    expect(audit!.after).toMatchObject({ permissionGroups: ['notification'] });

    const promoted = await call(jwt, 'PUT', `/member/${staff.id}`, { role: 'manager' });
    expect(promoted.json().result).toMatchObject({
      role: 'manager',
      permissionGroups: expect.arrayContaining(['memberManagement']),
    });
  });

  it('revoking remote control takes effect on the member’s next call', async () => {
    const { jwt, merchant, staff, staffUser } = await team('merchant');
    const device = await createCloudDevice(ctx.db, { merchantId: merchant.id });
    const staffJwt = await merchantToken(ctx, staffUser.id, merchant.id);
    const remote = () =>
      call(staffJwt, 'POST', `/device-cloud/${device.id}/remote`, { action: 'insertCoin', params: { count: 1 } });
    expect((await remote()).json().code).not.toBe(1104016);
    await call(jwt, 'PUT', `/member/${staff.id}`, { permissionGroups: ['notification'] });
    expect((await remote()).json().code).toBe(1104016);
  });

  it('sets the device whitelist: 1104007 enabled with none, 1104008 devices of another merchant', async () => {
    const { jwt, merchant, staff, staffUser } = await team('merchant');
    const other = await createMerchant(ctx.db);
    const mine = await createCloudDevice(ctx.db, { merchantId: merchant.id, name: 'Washer 1' });
    await createCloudDevice(ctx.db, { merchantId: merchant.id, name: 'Washer 2' });
    const theirs = await createCloudDevice(ctx.db, { merchantId: other.id });
    const none = await call(jwt, 'PUT', `/member/${staff.id}`, { deviceWhitelist: { enabled: true, deviceIds: [] } });
    expect(none.json().code).toBe(1104007);
    const foreign = await call(jwt, 'PUT', `/member/${staff.id}`, {
      deviceWhitelist: { enabled: true, deviceIds: [mine.id, theirs.id] },
    });
    expect(foreign.json().code).toBe(1104008);
    const ok = await call(jwt, 'PUT', `/member/${staff.id}`, {
      deviceWhitelist: { enabled: true, deviceIds: [mine.id] },
    });
    expect(ok.json().result.deviceWhitelist).toEqual({ enabled: true, deviceIds: [mine.id] });
    expect((await lastAudit(merchant.id))!.after).toMatchObject({
      deviceWhitelist: { enabled: true, deviceIds: [mine.id] },
    });

    const staffJwt = await merchantToken(ctx, staffUser.id, merchant.id);
    const devices = (await call(staffJwt, 'GET', '/device-cloud/list')).json().result;
    const ids = (Array.isArray(devices) ? devices : devices.items).map((d: { id: number }) => d.id);
    expect(ids).toEqual([mine.id]);
  });

  it('lets a manager manage only shareholders and store managers, with those roles only', async () => {
    const { jwt, staff, merchant } = await team('manager', 'shareholder');
    expect((await call(jwt, 'PUT', `/member/${staff.id}`, { role: 'storeManager' })).statusCode).toBe(200);
    expect((await call(jwt, 'PUT', `/member/${staff.id}`, { role: 'merchant' })).json().code).toBe(1104016);
    expect((await call(jwt, 'PUT', `/member/${staff.id}`, { role: 'manager' })).json().code).toBe(1104016);
    const peer = await addMember(ctx.db, {
      merchantId: merchant.id,
      userId: (await createUser(ctx.db)).id,
      role: 'manager',
    });
    expect((await call(jwt, 'PUT', `/member/${peer.id}`, { permissionGroups: [] })).json().code).toBe(1104016);
    expect((await call(jwt, 'POST', `/member/${peer.id}/suspend`)).json().code).toBe(1104016);
  });

  it('does not let a manager grant a group the manager lacks', async () => {
    const { jwt, staff } = await team('manager', 'storeManager', ['memberManagement', 'notification']);
    const response = await call(jwt, 'PUT', `/member/${staff.id}`, {
      permissionGroups: ['remoteControl', 'transaction'],
    });
    expect(response.json().code).toBe(1104016);
  });

  it('refuses changing yourself and demoting the last owner', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const list = (await call(owner.jwt, 'GET', '/member/list')).json().result;
    expect((await call(owner.jwt, 'PUT', `/member/${list[0].id}`, { role: 'manager' })).json().code).toBe(1104019);
    const root = await createUser(ctx.db, { isRoot: true });
    const rootJwt = await merchantToken(ctx, root.id, owner.merchant.id);
    expect((await call(rootJwt, 'PUT', `/member/${list[0].id}`, { role: 'manager' })).json().code).toBe(1104021);
  });

  it('answers 400 for an unknown field or role', async () => {
    const { jwt, staff } = await team('merchant');
    expect((await call(jwt, 'PUT', `/member/${staff.id}`, { role: 'root' })).statusCode).toBe(400);
    expect((await call(jwt, 'PUT', `/member/${staff.id}`, { suspended: true })).statusCode).toBe(400);
  });
});

describe('POST /member/:memberID/suspend and /reinstate', () => {
  it("makes the member's merchant token fail on the next call, and work again once reinstated", async () => {
    const { jwt, merchant, staff, staffUser } = await team('merchant');
    const staffJwt = await merchantToken(ctx, staffUser.id, merchant.id);
    expect((await call(staffJwt, 'GET', '/merchant/info')).statusCode).toBe(200);
    const suspended = await call(jwt, 'POST', `/member/${staff.id}/suspend`);
    expect(suspended.json().result.suspended).toBe(true);
    expect((await call(staffJwt, 'GET', '/merchant/info')).json().code).toBe(1104015);
    expect((await lastAudit(merchant.id))!.action).toBe('member.suspend');
    await call(jwt, 'POST', `/member/${staff.id}/reinstate`);
    expect((await call(staffJwt, 'GET', '/merchant/info')).statusCode).toBe(200);
    expect((await lastAudit(merchant.id))!).toMatchObject({ action: 'member.reinstate', after: { suspended: false } });
  });
});

describe('DELETE /member/:memberID', () => {
  it('removes a member (1104001 afterwards) and refuses yourself with 1104013', async () => {
    const { jwt, merchant, staff, staffUser } = await team('merchant');
    const staffJwt = await merchantToken(ctx, staffUser.id, merchant.id);
    expect((await call(jwt, 'DELETE', `/member/${staff.id}`)).json().result).toEqual({ removed: true });
    expect((await call(staffJwt, 'GET', '/merchant/info')).json().code).toBe(1104001);
    expect((await lastAudit(merchant.id))!).toMatchObject({ action: 'member.remove', after: null });
    const self = (await call(jwt, 'GET', '/member/list')).json().result[0];
    expect((await call(jwt, 'DELETE', `/member/${self.id}`)).json().code).toBe(1104013);
  });

  it("cannot remove another merchant's member", async () => {
    const mine = await team('merchant');
    const other = await team('merchant');
    expect((await call(mine.jwt, 'DELETE', `/member/${other.staff.id}`)).json().code).toBe(1104020);
  });
});

describe('GET /merchant/profile', () => {
  it("shows a member's permissions as they are now, after a group change", async () => {
    const { jwt, merchant, staff, staffUser } = await team('merchant');
    const staffJwt = await merchantToken(ctx, staffUser.id, merchant.id);
    const before = (await call(staffJwt, 'GET', '/merchant/profile')).json().result;
    expect(before.permissions).toContain('device.remote');
    await call(jwt, 'PUT', `/member/${staff.id}`, { permissionGroups: ['notification'] });
    const after = (await call(staffJwt, 'GET', '/merchant/profile')).json().result;
    expect(after.permissions).not.toContain('device.remote');
    expect(after.member.permissionGroups).toEqual(['notification']);
  });
});
