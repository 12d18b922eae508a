import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

// Column groups every area of the schema writes the same way, written once. Each is a function:
// a column builder belongs to one table.

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A point in time (timestamptz). */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row last changed (the code sets it on every update). */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/** An amount in the currency's minor unit, zero unless set. */
export const minor = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A bigint identity key, for tables that grow without bound (events, ledgers, logs). */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
