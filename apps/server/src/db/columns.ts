import { timestamp } from 'drizzle-orm/pg-core';

// Column helpers every module's schema.ts shares. Times are stored in UTC (timestamptz).
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
