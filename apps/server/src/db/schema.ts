// The one barrel of every table: what the database client (client.ts, drizzle's typed schema)
// and drizzle-kit (drizzle.config.ts) read. Each module owns its tables in its own schema.ts
// (issue 18); code inside a module imports its module's ./schema.ts, never this file.
export * from '../modules/user/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/templates/schema.ts';
export * from '../modules/talents/schema.ts';
export * from '../modules/membership/schema.ts';
export * from '../modules/messages/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/shops/schema.ts';
export * from '../modules/platforms/connections/schema.ts';
export * from '../modules/send-records/schema.ts';
export * from '../modules/platforms/actions/schema.ts';
export * from '../modules/platforms/page-packs/schema.ts';
export * from '../modules/conversations/schema.ts';
export * from '../modules/samples/schema.ts';
export * from '../modules/affiliate-orders/schema.ts';
export * from '../modules/platforms/sync/schema.ts';
export * from '../lib/sheets/schema.ts';
export * from '../modules/platforms/tiktok-shop-sandbox/schema.ts';
export * from '../modules/platforms/doudian-sandbox/schema.ts';
