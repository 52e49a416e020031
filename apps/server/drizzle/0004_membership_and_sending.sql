CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_type" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitation_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitation_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"task_type" text NOT NULL,
	"content_type" text NOT NULL,
	"filter_type" text NOT NULL,
	"rules" jsonb,
	"script_template_id" integer,
	"script" text NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"set_name" text NOT NULL,
	"record_count" integer NOT NULL,
	"source" text DEFAULT 'create' NOT NULL,
	"failure_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_user_id" integer NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"duration_months" integer NOT NULL,
	"original_price_fen" integer NOT NULL,
	"actual_price_fen" integer NOT NULL,
	"payment_method" text DEFAULT 'alipay' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"trade_no" text,
	"paid_amount_fen" integer,
	"buyer_account" text
);
--> statement-breakpoint
CREATE TABLE "membership_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"order_id" bigint,
	"invite_reward_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint,
	"order_no" text NOT NULL,
	"source" text NOT NULL,
	"signature_valid" boolean NOT NULL,
	"trade_status" text,
	"trade_no" text,
	"amount_fen" integer,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"subject" text NOT NULL,
	"total_amount" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"trade_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"next_notify_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "send_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "send_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" text NOT NULL,
	"talent_id" bigint,
	"talent_name" text NOT NULL,
	"platform" text NOT NULL,
	"platform_talent_id" text NOT NULL,
	"task_type" text NOT NULL,
	"content_type" text NOT NULL,
	"filter_type" text NOT NULL,
	"set_name" text NOT NULL,
	"message" text NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_id" uuid,
	"leased_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"shop_name" text NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"shop_code" text NOT NULL,
	"bind_status" text NOT NULL,
	"bound_at" timestamp with time zone,
	"unbound_at" timestamp with time zone,
	"next_bind_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tasks" ADD CONSTRAINT "invitation_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tasks" ADD CONSTRAINT "invitation_tasks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tasks" ADD CONSTRAINT "invitation_tasks_script_template_id_script_templates_id_fk" FOREIGN KEY ("script_template_id") REFERENCES "public"."script_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_rewards" ADD CONSTRAINT "invite_rewards_order_id_membership_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."membership_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_orders" ADD CONSTRAINT "membership_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_order_id_membership_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."membership_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_membership_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."membership_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_task_id_invitation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."invitation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_user_dedupe_key" ON "inbox_messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "inbox_messages_user_type_created_idx" ON "inbox_messages" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "inbox_messages_user_unread_idx" ON "inbox_messages" USING btree ("user_id","type") WHERE "inbox_messages"."status" = 0;--> statement-breakpoint
CREATE INDEX "invitation_tasks_user_created_idx" ON "invitation_tasks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_rewards_invitee_key" ON "invite_rewards" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_orders_order_no_key" ON "membership_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "membership_orders_user_created_idx" ON "membership_orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "membership_orders_status_expires_idx" ON "membership_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_periods_order_key" ON "membership_periods" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_periods_invite_reward_key" ON "membership_periods" USING btree ("invite_reward_id");--> statement-breakpoint
CREATE INDEX "membership_periods_user_ends_idx" ON "membership_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_trades_app_out_trade_key" ON "sandbox_trades" USING btree ("app_id","out_trade_no");--> statement-breakpoint
CREATE INDEX "sandbox_trades_next_notify_idx" ON "sandbox_trades" USING btree ("next_notify_at");--> statement-breakpoint
CREATE INDEX "send_records_user_created_idx" ON "send_records" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "send_records_task_idx" ON "send_records" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "send_records_claim_idx" ON "send_records" USING btree ("shop_id","id") WHERE "send_records"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "send_records_cooldown_idx" ON "send_records" USING btree ("user_id","shop_id","platform_talent_id","task_type","created_at");--> statement-breakpoint
CREATE INDEX "send_records_user_status_idx" ON "send_records" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "send_records_user_finished_idx" ON "send_records" USING btree ("user_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_user_platform_code_key" ON "shops" USING btree ("user_id","platform","shop_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_bound_platform_code_key" ON "shops" USING btree ("platform","shop_code") WHERE "shops"."bind_status" = 'BOUND';--> statement-breakpoint
CREATE INDEX "shops_user_status_idx" ON "shops" USING btree ("user_id","bind_status","id");