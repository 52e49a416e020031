CREATE TABLE "sandbox_tts_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"collaboration_id" text NOT NULL,
	"creator_open_id" text NOT NULL,
	"creator_username" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" text NOT NULL,
	"currency" text NOT NULL,
	"commission_rate" integer NOT NULL,
	"shop_ads_commission_rate" integer,
	"content_type" text NOT NULL,
	"content_id" text NOT NULL,
	"cancelled" boolean NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_sample_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"collaboration_id" text NOT NULL,
	"creator_open_id" text NOT NULL,
	"product_id" text NOT NULL,
	"commission_rate" integer NOT NULL,
	"approval_exempt" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"content_at" timestamp with time zone,
	"content_format" text NOT NULL,
	"review_result" text,
	"reject_reason" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_tts_collaboration_creators" ADD COLUMN "answer" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_tts_collaboration_creators" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_tts_collaboration_creators" ADD COLUMN "content_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_tts_conversations" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_tts_conversations" ADD COLUMN "read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_tts_messages" ADD COLUMN "sender" text DEFAULT 'SELLER' NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_tts_orders_shop_time_idx" ON "sandbox_tts_orders" USING btree ("shop_id","create_time","id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_orders_collaboration_idx" ON "sandbox_tts_orders" USING btree ("collaboration_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_sample_applications_shop_idx" ON "sandbox_tts_sample_applications" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_tts_sample_applications_collaboration_idx" ON "sandbox_tts_sample_applications" USING btree ("collaboration_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_conversations_reply_idx" ON "sandbox_tts_conversations" USING btree ("shop_id","reply_due_at");