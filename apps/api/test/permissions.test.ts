import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGroupsByRole, isAllowed, permissionGroups, roles, type Permission, type Role } from '@sbo/contracts';
import { createDatabase } from '../src/db/client';
import { manualClock } from '../src/lib/clock';
import { createSessionCache } from '../src/auth/session-cache';
import { createTokenService } from '../src/auth/token-service';
import { registerAccessControl } from '../src/plugins/access';
import { renderPermissionsDoc } from '@sbo/contracts/permissions-doc';
import { bearer, memberOf } from './helpers/fixtures';
import { createTestApp, testJwtSecret, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('the role-to-permission matrix', () => {
  it('is what docs/permissions.md says (regenerate with npm run docs:permissions)', async () => {
    const doc = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderPermissionsDoc());
  });

  it('gives owners and root every permission group regardless of their settings', () => {
    expect(isAllowed({ role: 'merchant', permissionGroups: [] }, 'device.remote')).toBe(true);
    expect(isAllowed({ role: 'root', permissionGroups: [] }, 'member.manage')).toBe(true);
  });

  it('needs the group as well as the role for grouped permissions', () => {
    expect(isAllowed({ role: 'storeManager', permissionGroups: ['remoteControl'] }, 'device.remote')).toBe(true);
    expect(isAllowed({ role: 'storeManager', permissionGroups: [] }, 'device.remote')).toBe(false);
    expect(isAllowed({ role: 'shareholder', permissionGroups: [...permissionGroups] }, 'device.remote')).toBe(false);
  });
});

describe('every merchant route against every role', () => {
  const cases = roles.flatMap((role) => [
    { role, groups: defaultGroupsByRole[role], label: 'default groups' },
    { role, groups: [], label: 'no groups' },
  ]);

  it.each(cases)('$role with $label gets exactly what the matrix allows', async ({ role, groups }) => {
    const member = await memberOf(ctx, role as Role, [...groups]);
    const routes = ctx.app.accessRegistry.filter((r) => r.access.token === 'merchant');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const { permission, rootOnly } = route.access as { permission: Permission; rootOnly?: boolean };
      const allowed =
        isAllowed({ role: role as Role, permissionGroups: role === 'root' ? permissionGroups : groups }, permission) &&
        (!rootOnly || role === 'root');
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        headers: bearer(member.jwt),
        payload: route.method === 'GET' ? undefined : {},
      });
      const denied = response.statusCode === 478 && response.json().code === 1104016;
      expect({ route: `${route.method} ${route.url}`, denied }).toEqual({
        route: `${route.method} ${route.url}`,
        denied: !allowed,
      });
    }
  });
});

describe('the access mechanism', () => {
  it('refuses to add a route that declares no access rule', async () => {
    const app = Fastify();
    const sessions = createSessionCache(ctx.pool, createDatabase(ctx.pool));
    registerAccessControl(app, {
      sessions,
      tokens: createTokenService(createDatabase(ctx.pool), testJwtSecret, manualClock()),
      clock: manualClock(),
      registry: [],
    });
    expect(() => app.get('/forgotten', async () => 'open')).toThrow(/declares no access rule/);
    await sessions.close();
  });

  it('lists every api v1 route with a declared access rule', () => {
    const urls = ctx.app.accessRegistry.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/v1/merchant/list', 'PUT /api/v1/merchant/info', 'GET /api/v1/sso/replacement']),
    );
  });
});
