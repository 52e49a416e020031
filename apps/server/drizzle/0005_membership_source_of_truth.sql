ALTER TABLE "membership_orders" ADD COLUMN "next_query_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership_orders" ADD COLUMN "query_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "time_expire" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "buyer_logon_id" text;--> statement-breakpoint
CREATE INDEX "membership_orders_next_query_idx" ON "membership_orders" USING btree ("next_query_at") WHERE "membership_orders"."next_query_at" is not null;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "membership_level";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "membership_valid_to";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "max_shop_bind_count";