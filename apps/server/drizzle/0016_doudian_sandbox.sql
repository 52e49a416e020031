CREATE TABLE "sandbox_doudian_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"authorization_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_activity_applications" (
	"activity_id" text NOT NULL,
	"product_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"service_ratio" integer NOT NULL,
	"commission_ratio" integer NOT NULL,
	"activity_price_fen" integer NOT NULL,
	"phone_number" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_doudian_activity_applications_activity_id_product_id_pk" PRIMARY KEY("activity_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_apps" (
	"app_key" text PRIMARY KEY NOT NULL,
	"app_secret" text NOT NULL,
	"service_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_doudian_apps_service_id_unique" UNIQUE("service_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"shop_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"shop_id" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_doudian_authorizations_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_doudian_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"http_method" text NOT NULL,
	"path" text NOT NULL,
	"api_method" text,
	"query" jsonb NOT NULL,
	"params" jsonb,
	"code" integer,
	"sub_code" text,
	"http_status" integer NOT NULL,
	"app_key" text,
	"shop_id" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_plan_authors" (
	"apply_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_doudian_plan_authors_apply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"buyin_id" text NOT NULL,
	"audit_status" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"product_id" text NOT NULL,
	"cos_ratio" integer NOT NULL,
	"new_cos_ratio" integer,
	"new_cos_ratio_start_time" timestamp with time zone,
	"apply_type" integer NOT NULL,
	"restricted_type" integer NOT NULL,
	"author_level" integer NOT NULL,
	"audit_type" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_products" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_doudian_shops" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"in_alliance" boolean NOT NULL,
	"promotion_closed" boolean NOT NULL,
	"daily_author_limit" integer NOT NULL,
	"plan_author_limit" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_doudian_access_tokens_authorization_idx" ON "sandbox_doudian_access_tokens" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "sandbox_doudian_authorizations_shop_idx" ON "sandbox_doudian_authorizations" USING btree ("app_key","shop_id");--> statement-breakpoint
CREATE INDEX "sandbox_doudian_calls_at_idx" ON "sandbox_doudian_calls" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_doudian_plan_authors_plan_buyin_idx" ON "sandbox_doudian_plan_authors" USING btree ("plan_id","buyin_id");--> statement-breakpoint
CREATE INDEX "sandbox_doudian_plan_authors_shop_idx" ON "sandbox_doudian_plan_authors" USING btree ("shop_id","added_at");--> statement-breakpoint
CREATE INDEX "sandbox_doudian_plans_shop_idx" ON "sandbox_doudian_plans" USING btree ("shop_id","product_id");--> statement-breakpoint
CREATE INDEX "sandbox_doudian_products_shop_idx" ON "sandbox_doudian_products" USING btree ("shop_id");