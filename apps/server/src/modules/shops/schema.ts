import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { platformConnections } from '../platforms/connections/schema.ts';
import { users } from '../user/schema.ts';

// The shops module's table.

/**
 * A seller's shop on a platform. BOUND shops take a slot of the plan's shop limit;
 * an UNBOUND shop keeps its slot until `nextBindAt`; EXPIRED: bound under a
 * membership that lapsed, beyond what the account may now bind.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    shopName: text('shop_name').notNull(),
    siteName: text('site_name').notNull().default(''),
    shopCode: text('shop_code').notNull(),
    /** BOUND | UNBOUND | EXPIRED */
    bindStatus: text('bind_status').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    nextBindAt: timestamp('next_bind_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** manual | extension | authorization */
    source: text('source').notNull(),
    /**
     * A shop bound by the platform's authorization: the platform's shop id, its cipher (the
     * `shop_cipher` of every shop-scoped call), its market, and the connection whose tokens
     * serve it (null for shops bound by hand or by the extension).
     */
    platformShopId: text('platform_shop_id'),
    platformCipher: text('platform_cipher'),
    platformRegion: text('platform_region'),
    connectionId: integer('connection_id').references((): AnyPgColumn => platformConnections.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_user_platform_code_key').on(t.userId, t.platform, t.shopCode),
    index('shops_connection_idx').on(t.connectionId),
    // A shop is bound to one seller account at a time.
    uniqueIndex('shops_bound_platform_code_key')
      .on(t.platform, t.shopCode)
      .where(sql`${t.bindStatus} = 'BOUND'`),
    index('shops_user_status_idx').on(t.userId, t.bindStatus, t.id),
  ],
);
