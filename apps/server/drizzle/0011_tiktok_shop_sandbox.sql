CREATE TABLE "sandbox_tts_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"authorization_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_apps" (
	"app_key" text PRIMARY KEY NOT NULL,
	"app_secret" text NOT NULL,
	"service_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_tts_apps_service_id_unique" UNIQUE("service_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"seller_key" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"seller_key" text NOT NULL,
	"open_id" text NOT NULL,
	"granted_scopes" text[] NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_tts_authorizations_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_tts_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" jsonb NOT NULL,
	"body" jsonb,
	"http_status" integer NOT NULL,
	"code" integer,
	"app_key" text,
	"shop_id" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_collaboration_creators" (
	"collaboration_id" text NOT NULL,
	"creator_open_id" text NOT NULL,
	CONSTRAINT "sandbox_tts_collaboration_creators_collaboration_id_creator_open_id_pk" PRIMARY KEY("collaboration_id","creator_open_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_collaboration_products" (
	"collaboration_id" text NOT NULL,
	"product_id" text NOT NULL,
	"target_commission_rate" integer NOT NULL,
	"shop_ads_commission_rate" integer,
	CONSTRAINT "sandbox_tts_collaboration_products_collaboration_id_product_id_pk" PRIMARY KEY("collaboration_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_collaborations" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"seller_email" text NOT NULL,
	"has_free_sample" boolean NOT NULL,
	"is_sample_approval_exempt" boolean NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_connected_creators" (
	"shop_id" text NOT NULL,
	"creator_open_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_tts_connected_creators_shop_id_creator_open_id_pk" PRIMARY KEY("shop_id","creator_open_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"creator_open_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"msg_type" text NOT NULL,
	"content" text NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_products" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"min_price" text NOT NULL,
	"max_price" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_quota_uses" (
	"shop_id" text NOT NULL,
	"week" text NOT NULL,
	"creator_open_id" text NOT NULL,
	"from_starter_pack" boolean NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_tts_quota_uses_shop_id_week_creator_open_id_pk" PRIMARY KEY("shop_id","week","creator_open_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_tts_shops" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_key" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"seller_type" text NOT NULL,
	"cipher" text NOT NULL,
	"code" text NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_quota" integer NOT NULL,
	"starter_pack_remaining" integer NOT NULL,
	"daily_collaboration_limit" integer NOT NULL,
	"daily_creator_limit" integer NOT NULL,
	"follower_limit" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_tts_shops_cipher_unique" UNIQUE("cipher")
);
--> statement-breakpoint
CREATE INDEX "sandbox_tts_access_tokens_authorization_idx" ON "sandbox_tts_access_tokens" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_authorizations_seller_idx" ON "sandbox_tts_authorizations" USING btree ("app_key","seller_key");--> statement-breakpoint
CREATE INDEX "sandbox_tts_calls_at_idx" ON "sandbox_tts_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sandbox_tts_collaboration_creators_creator_idx" ON "sandbox_tts_collaboration_creators" USING btree ("creator_open_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_collaboration_products_product_idx" ON "sandbox_tts_collaboration_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_collaborations_shop_idx" ON "sandbox_tts_collaborations" USING btree ("shop_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_tts_conversations_shop_creator_key" ON "sandbox_tts_conversations" USING btree ("shop_id","creator_open_id");--> statement-breakpoint
CREATE INDEX "sandbox_tts_messages_conversation_idx" ON "sandbox_tts_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "sandbox_tts_products_shop_idx" ON "sandbox_tts_products" USING btree ("shop_id");