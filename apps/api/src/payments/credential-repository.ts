import { and, eq } from 'drizzle-orm';
import type { CredentialProvider } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { merchantPaymentCredentials } from '../db/schema';

type StoredCredentials = typeof merchantPaymentCredentials.$inferSelect;

export async function findCredentials(
  db: Executor,
  merchantId: number,
  provider: CredentialProvider,
): Promise<StoredCredentials | null> {
  const rows = await db
    .select()
    .from(merchantPaymentCredentials)
    .where(
      and(eq(merchantPaymentCredentials.merchantId, merchantId), eq(merchantPaymentCredentials.provider, provider)),
    );
  return rows[0] ?? null;
}

export async function saveCredentials(db: Executor, row: StoredCredentials): Promise<void> {
  const { merchantId: _m, provider: _p, ...changes } = row;
  await db
    .insert(merchantPaymentCredentials)
    .values(row)
    .onConflictDoUpdate({
      target: [merchantPaymentCredentials.merchantId, merchantPaymentCredentials.provider],
      set: changes,
    });
}
