import type pg from 'pg';
import { hashPassword } from './password.js';

export type SsoAccount = {
  id: string;
  email: string;
  passwordHash: string;
  name: string;
  locale: string;
  createdAt: Date;
};

export type NewAccount = { email: string; password: string; name: string; locale?: string };

type AccountRow = {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  locale: string;
  created_at: Date;
};

const UNIQUE_VIOLATION = '23505';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class EmailAlreadyRegisteredError extends Error {
  constructor(email: string) {
    super(`An account with the email ${email} already exists`);
    this.name = 'EmailAlreadyRegisteredError';
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAccount(row: AccountRow): SsoAccount {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    name: row.name,
    locale: row.locale,
    createdAt: row.created_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === UNIQUE_VIOLATION;
}

/**
 * Creates an account; throws `EmailAlreadyRegisteredError` when the email is taken. A client in a
 * transaction makes it part of that transaction.
 */
export async function createAccount(pool: pg.Pool | pg.PoolClient, account: NewAccount): Promise<{ id: string }> {
  const email = normalizeEmail(account.email);
  const passwordHash = await hashPassword(account.password);
  try {
    const { rows } = await pool.query<{ id: string }>(
      'INSERT INTO sso.accounts (email, password_hash, name, locale) VALUES ($1, $2, $3, $4) RETURNING id',
      [email, passwordHash, account.name.trim(), account.locale ?? 'en'],
    );
    const row = rows[0];
    if (!row) throw new Error('sso account insert returned no row');
    return { id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailAlreadyRegisteredError(email);
    throw error;
  }
}

export async function findAccountByEmail(pool: pg.Pool, email: string): Promise<SsoAccount | undefined> {
  const { rows } = await pool.query<AccountRow>('SELECT * FROM sso.accounts WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

export async function findAccountById(pool: pg.Pool, id: string): Promise<SsoAccount | undefined> {
  // Account ids are uuids; anything else (a stale or foreign sub) is simply unknown.
  if (!UUID.test(id)) return undefined;
  const { rows } = await pool.query<AccountRow>('SELECT * FROM sso.accounts WHERE id = $1', [id]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}
