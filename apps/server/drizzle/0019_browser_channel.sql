CREATE TABLE "browser_shop_stops" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"resumes_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"answer" jsonb,
	"pack_id" text,
	"pack_version" integer,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_pack_switches" (
	"pack_id" text NOT NULL,
	"version" integer NOT NULL,
	"stopped" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_pack_switches_pack_id_version_pk" PRIMARY KEY("pack_id","version")
);
--> statement-breakpoint
ALTER TABLE "platform_actions" ADD COLUMN "channel" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_actions" ADD COLUMN "pack_id" text;--> statement-breakpoint
ALTER TABLE "platform_actions" ADD COLUMN "holder_session_id" uuid;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'console' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "browser_shop_stops" ADD CONSTRAINT "browser_shop_stops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_shop_stops" ADD CONSTRAINT "browser_shop_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_pack_switches" ADD CONSTRAINT "page_pack_switches_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_actions_browser_open_idx" ON "platform_actions" USING btree ("user_id","id") WHERE "platform_actions"."channel" = 'browser' and "platform_actions"."status" in ('pending', 'running', 'unknown');--> statement-breakpoint
CREATE INDEX "send_records_user_sent_idx" ON "send_records" USING btree ("user_id","sent_at") WHERE "send_records"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id") WHERE "sessions"."parent_session_id" is not null;