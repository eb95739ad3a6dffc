import { date, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column builders most tables repeat, written once. Each call makes fresh builders (a builder
 * belongs to one table); the generated SQL is what the spelled-out columns made.
 */

/** The row's own key. */
export const serialId = () => serial('id').primaryKey();

/** The row's own key, and the random hash that stands for it outside the database. */
export const keyColumns = () => ({
  id: serialId(),
  hash: text('hash').notNull().unique(),
});

/** A moment in time: every timestamp here is `timestamp with time zone`. */
export const tz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => tz('created_at').notNull().defaultNow();

/** When the row last changed. */
export const updatedAt = () => tz('updated_at').notNull().defaultNow();

/** A calendar day, read and written as its ISO `YYYY-MM-DD` string. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });
