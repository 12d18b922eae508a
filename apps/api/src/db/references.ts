import { integer } from 'drizzle-orm/pg-core';
import { merchants, users } from './people-schema';

// The references most tables hold, written once. (people-schema.ts, which defines the tables they
// point at, writes its own.)

/** The merchant a row belongs to; the row goes with the merchant. */
export const merchantRef = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });

/** The user a row belongs to; the row goes with the user. */
export const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
