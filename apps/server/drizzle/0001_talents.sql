CREATE TABLE "blacklist_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blacklist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"talent_name" text NOT NULL,
	"platform_talent_id" text NOT NULL,
	"fans_count" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"talent_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talent_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"talent_id" bigint NOT NULL,
	"author" text NOT NULL,
	"content" text NOT NULL,
	"status_at_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_labels" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_labels_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "talents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "talents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"platform_talent_id" text NOT NULL,
	"name" text NOT NULL,
	"name_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"industry" text,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"status_before_blacklist" text,
	"contact_method" text,
	"contact_info" text DEFAULT '' NOT NULL,
	"fans_count" bigint DEFAULT 0 NOT NULL,
	"video_avg_views" bigint DEFAULT 0 NOT NULL,
	"video_gpm_fen" bigint DEFAULT 0 NOT NULL,
	"live_avg_views" bigint DEFAULT 0 NOT NULL,
	"live_gpm_fen" bigint DEFAULT 0 NOT NULL,
	"business_amount_fen" bigint DEFAULT 0 NOT NULL,
	"deal_count" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_follow_ups" ADD CONSTRAINT "talent_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_follow_ups" ADD CONSTRAINT "talent_follow_ups_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_labels" ADD CONSTRAINT "talent_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talents" ADD CONSTRAINT "talents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_user_talent_key" ON "blacklist_entries" USING btree ("user_id","platform_talent_id");--> statement-breakpoint
CREATE INDEX "blacklist_user_created_idx" ON "blacklist_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "talent_follow_ups_talent_idx" ON "talent_follow_ups" USING btree ("talent_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "talents_user_platform_talent_key" ON "talents" USING btree ("user_id","platform","platform_talent_id");--> statement-breakpoint
CREATE INDEX "talents_user_added_idx" ON "talents" USING btree ("user_id","added_at","id");--> statement-breakpoint
CREATE INDEX "talents_user_created_idx" ON "talents" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "talents_user_updated_idx" ON "talents" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "talents_user_fans_idx" ON "talents" USING btree ("user_id","fans_count","id");--> statement-breakpoint
CREATE INDEX "talents_user_video_views_idx" ON "talents" USING btree ("user_id","video_avg_views","id");--> statement-breakpoint
CREATE INDEX "talents_user_video_gpm_idx" ON "talents" USING btree ("user_id","video_gpm_fen","id");--> statement-breakpoint
CREATE INDEX "talents_user_live_views_idx" ON "talents" USING btree ("user_id","live_avg_views","id");--> statement-breakpoint
CREATE INDEX "talents_user_live_gpm_idx" ON "talents" USING btree ("user_id","live_gpm_fen","id");--> statement-breakpoint
CREATE INDEX "talents_user_business_idx" ON "talents" USING btree ("user_id","business_amount_fen","id");--> statement-breakpoint
CREATE INDEX "talents_user_deals_idx" ON "talents" USING btree ("user_id","deal_count","id");--> statement-breakpoint
CREATE INDEX "talents_user_status_idx" ON "talents" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "talents_user_shop_idx" ON "talents" USING btree ("user_id","shop_name");--> statement-breakpoint
CREATE INDEX "talents_user_industry_idx" ON "talents" USING btree ("user_id","industry");--> statement-breakpoint
CREATE INDEX "talents_user_platform_idx" ON "talents" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "talents_user_contact_idx" ON "talents" USING btree ("user_id","contact_method");--> statement-breakpoint
CREATE INDEX "talents_name_grams_gin" ON "talents" USING gin ("name_grams");--> statement-breakpoint
CREATE INDEX "talents_labels_gin" ON "talents" USING gin ("labels");