import { defaultGroupsByRole, type PermissionGroup, type Role } from '@sbo/contracts';
import type { Database } from '../../src/db/client';
import { merchantMembers, merchants, users } from '../../src/db/schema';
import type { TestContext } from './test-app';

let counter = 0;

export async function createUser(db: Database, input: { email?: string; isRoot?: boolean } = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: input.email ?? `user${counter}-${Date.now()}@example.com`,
      nickName: `User ${counter}`,
      isRoot: input.isRoot ?? false,
    })
    .returning();
  return row!;
}

export async function createMerchant(db: Database, input: Partial<typeof merchants.$inferInsert> = {}) {
  const [row] = await db
    .insert(merchants)
    .values({ companyName: 'Test Laundry', country: 'TW', currency: 'TWD', timezone: 'Asia/Taipei', ...input })
    .returning();
  return row!;
}

export async function addMember(
  db: Database,
  input: {
    merchantId: number;
    userId: number;
    role: Exclude<Role, 'root'>;
    groups?: PermissionGroup[];
    suspended?: boolean;
  },
) {
  const [row] = await db
    .insert(merchantMembers)
    .values({
      merchantId: input.merchantId,
      userId: input.userId,
      role: input.role,
      permissionGroups: input.groups ?? [...defaultGroupsByRole[input.role]],
      suspended: input.suspended ?? false,
    })
    .returning();
  return row!;
}

/** Merchant details the api accepts: a valid Taiwan tax ID, e-mail and phone. */
export const goodMerchantInfo = {
  companyName: 'Bright Wash Ltd.',
  taxIDNumber: '04595257',
  adminAddress: '1 Market Street, Taipei',
  adminUsername: 'Alice Chen',
  adminEmail: 'alice@example.com',
  adminPhone: '+886 912 345 678',
};

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** Signs in as the user (login token) and picks the merchant through the real route. */
export async function merchantToken(ctx: TestContext, userId: number, merchantId: number): Promise<string> {
  const login = await ctx.tokens.issueLogin(userId);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/merchant/${merchantId}/login`,
    headers: bearer(login.jwt),
  });
  if (response.statusCode !== 200) throw new Error(`merchant login failed: ${response.body}`);
  return response.json().result.jwt;
}

/** A merchant with one member of the given role, ready to call merchant routes. */
export async function memberOf(ctx: TestContext, role: Role, groups?: PermissionGroup[]) {
  const merchant = await createMerchant(ctx.db);
  const user = await createUser(ctx.db, { isRoot: role === 'root' });
  if (role !== 'root') await addMember(ctx.db, { merchantId: merchant.id, userId: user.id, role, groups });
  return { merchant, user, jwt: await merchantToken(ctx, user.id, merchant.id) };
}

/** A fetch response's JSON body; tests read into it freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const body = async (response: Response | Promise<Response>): Promise<any> => (await response).json();
