import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { createAccount, findAccountByEmail } from '@sbo/sso';
import { defaultGroupsByRole, type Role } from '@sbo/contracts';
import type { Database } from '../db/client';
import { lockDemoSeeding } from './demo-repository';
import { merchantMembers, merchants, users } from '../db/schema';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoCards } from './demo-cards';
import { seedDemoFleet } from './demo-fleet';
import { seedDemoPromotions } from './demo-promotions';
import { seedDemoSales } from './demo-sales';

export const demoPassword = 'demo1234';
/** The simulated demo fleet (`[{ hwid, secret, kind, model }]`), written into DATA_DIR on seeding. */
export const demoFleetFile = 'demo-fleet.json';

type DemoUser = {
  email: string;
  name: string;
  isRoot?: boolean;
  memberships: Array<[merchant: 0 | 1, role: Exclude<Role, 'root'>]>;
};

/** One user per role, so every role can be tried; demo@ is merchant at one and storeManager at the other. */
export const demoUsers: DemoUser[] = [
  {
    email: 'demo@example.com',
    name: 'Demo Owner',
    memberships: [
      [0, 'merchant'],
      [1, 'storeManager'],
    ],
  },
  { email: 'manager@example.com', name: 'Mandy Manager', memberships: [[0, 'manager']] },
  { email: 'shareholder@example.com', name: 'Sam Shareholder', memberships: [[0, 'shareholder']] },
  { email: 'store@example.com', name: 'Stella Store', memberships: [[0, 'storeManager']] },
  { email: 'owner2@example.com', name: 'Hugo Harbor', memberships: [[1, 'merchant']] },
  { email: 'root@example.com', name: 'Riley Service Agent', isRoot: true, memberships: [] },
];

const demoMerchants = [
  {
    companyName: 'Sunny Laundry Co.',
    taxIdNumber: '04595257',
    adminAddress: 'No. 100, Section 1, Zhongxiao East Road, Taipei',
    adminUsername: 'Demo Owner',
    adminEmail: 'demo@example.com',
    adminPhone: '+886 2 2345 6789',
    country: 'TW',
    currency: 'TWD',
    timezone: 'Asia/Taipei',
    mobilePaymentEnabled: true,
  },
  {
    companyName: 'Harbor Car Wash Sdn. Bhd.',
    taxIdNumber: 'C2584563202',
    adminAddress: '12 Jalan Pelabuhan, Port Klang, Selangor',
    adminUsername: 'Hugo Harbor',
    adminEmail: 'owner2@example.com',
    adminPhone: '+60 3 3168 0000',
    country: 'MY',
    currency: 'MYR',
    timezone: 'Asia/Kuala_Lumpur',
    // Its place takes Touch 'n Go, GrabPay and DuitNow, as its demo sales show.
    mobilePaymentEnabled: true,
  },
];

/** Whether the demo accounts can sign in here (through the embedded sign-in service). */
export async function demoSignInExists(pool: pg.Pool, options: { embeddedSignIn: boolean }): Promise<boolean> {
  return options.embeddedSignIn && (await findAccountByEmail(pool, demoUsers[0]!.email)) !== undefined;
}

/**
 * Seeds the demo on an empty database (no users yet): merchants, users, places, product
 * templates, devices and their registered hardware. Sign-in accounts are created only when the
 * embedded sign-in service is used. Returns whether it seeded.
 */
export async function seedDemo(
  db: Database,
  pool: pg.Pool,
  options: { embeddedSignIn: boolean; dataDir?: string },
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await lockDemoSeeding(tx);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return null;
    const merchantIds = [];
    for (const merchant of demoMerchants) {
      const [row] = await tx.insert(merchants).values(merchant).returning({ id: merchants.id });
      merchantIds.push(row!.id);
    }
    for (const user of demoUsers) {
      const [row] = await tx
        .insert(users)
        .values({ email: user.email, nickName: user.name, isRoot: user.isRoot ?? false })
        .returning({ id: users.id });
      for (const [merchantIndex, role] of user.memberships) {
        await tx.insert(merchantMembers).values({
          merchantId: merchantIds[merchantIndex]!,
          userId: row!.id,
          role,
          permissionGroups: [...defaultGroupsByRole[role]],
        });
      }
      if (options.embeddedSignIn && !(await findAccountByEmail(pool, user.email))) {
        await createAccount(pool, { email: user.email, password: demoPassword, name: user.name });
      }
    }
    const fleet = await seedDemoFleet(
      tx,
      merchantIds.map((id, i) => ({ id, timezone: demoMerchants[i]!.timezone })),
    );
    for (const [i, id] of merchantIds.entries()) {
      const { timezone, currency, country } = demoMerchants[i]!;
      await seedDemoSales(tx, { id, timezone, currency, country }, new Date());
    }
    await seedDemoPromotions(tx, merchantIds[0]!, new Date());
    return { fleet, cardMerchant: merchantIds[0]! };
  });
  if (!seeded) return false;
  const { fleet, cardMerchant } = seeded;
  await seedDemoCards(db, cardMerchant, new Date());
  await seedDemoNotifications(pool, cardMerchant, new Date());
  if (options.dataDir) {
    // scripts/start.mjs hands this file to the simulator, so `npm start` shows a live fleet.
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(path.join(options.dataDir, demoFleetFile), `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  }
  return true;
}
