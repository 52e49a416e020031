CREATE TABLE "creator_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"platform_key" text NOT NULL,
	"record_id" bigint,
	"task_id" bigint,
	"talent_id" bigint,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_sends" (
	"follow_up_id" bigint NOT NULL,
	"record_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"conversation_id" text,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "follow_up_sends_follow_up_id_record_id_pk" PRIMARY KEY("follow_up_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "record_stage_counts" (
	"user_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "record_stage_counts_task_id_stage_pk" PRIMARY KEY("task_id","stage")
);
--> statement-breakpoint
CREATE TABLE "task_follow_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"after_days" integer NOT NULL,
	"script_template_id" integer,
	"script" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"platform" text NOT NULL,
	"platform_conversation_id" text NOT NULL,
	"talent_id" bigint,
	"creator_open_id" text,
	"creator_username" text,
	"creator_im_id" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"awaiting_reply_since" timestamp with time zone,
	"read_index" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"platform_message_id" text NOT NULL,
	"sender" text NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"platform" text NOT NULL,
	"platform_application_id" text NOT NULL,
	"talent_id" bigint,
	"creator_open_id" text,
	"creator_username" text,
	"creator_name" text DEFAULT '' NOT NULL,
	"product_id" text,
	"product_title" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"platform_status" text NOT NULL,
	"commission_rate" text,
	"approve_expires_at" timestamp with time zone,
	"fulfilment" jsonb,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"platform" text NOT NULL,
	"platform_order_key" text NOT NULL,
	"talent_id" bigint,
	"task_id" bigint,
	"record_id" bigint,
	"creator_key" text NOT NULL,
	"product_id" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"void" integer DEFAULT 0 NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_sync_cursors" (
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"cursor" jsonb,
	"due_at" timestamp with time zone NOT NULL,
	"lease_id" uuid,
	"leased_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"applied" bigint DEFAULT 0 NOT NULL,
	"error_code" text,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_sync_cursors_shop_id_kind_pk" PRIMARY KEY("shop_id","kind")
);
--> statement-breakpoint
ALTER TABLE "talent_follow_ups" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "figures_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "sample_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "content_posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "first_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_events" ADD CONSTRAINT "creator_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_events" ADD CONSTRAINT "creator_events_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_events" ADD CONSTRAINT "creator_events_record_id_send_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."send_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_events" ADD CONSTRAINT "creator_events_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_follow_up_id_task_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."task_follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_record_id_send_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."send_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_stage_counts" ADD CONSTRAINT "record_stage_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_stage_counts" ADD CONSTRAINT "record_stage_counts_task_id_invitation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."invitation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_follow_ups" ADD CONSTRAINT "task_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_follow_ups" ADD CONSTRAINT "task_follow_ups_task_id_invitation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."invitation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_follow_ups" ADD CONSTRAINT "task_follow_ups_script_template_id_script_templates_id_fk" FOREIGN KEY ("script_template_id") REFERENCES "public"."script_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_conversations" ADD CONSTRAINT "creator_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_conversations" ADD CONSTRAINT "creator_conversations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_conversations" ADD CONSTRAINT "creator_conversations_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_messages" ADD CONSTRAINT "creator_messages_conversation_id_creator_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."creator_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_messages" ADD CONSTRAINT "creator_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_requests" ADD CONSTRAINT "sample_requests_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_orders" ADD CONSTRAINT "affiliate_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_orders" ADD CONSTRAINT "affiliate_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_orders" ADD CONSTRAINT "affiliate_orders_talent_id_talents_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."talents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sync_cursors" ADD CONSTRAINT "platform_sync_cursors_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sync_cursors" ADD CONSTRAINT "platform_sync_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_events_shop_kind_key" ON "creator_events" USING btree ("shop_id","kind","platform_key");--> statement-breakpoint
CREATE INDEX "creator_events_user_occurred_idx" ON "creator_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "creator_events_record_idx" ON "creator_events" USING btree ("record_id") WHERE "creator_events"."record_id" is not null;--> statement-breakpoint
CREATE INDEX "record_stage_counts_user_idx" ON "record_stage_counts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_follow_ups_task_step_key" ON "task_follow_ups" USING btree ("task_id","step");--> statement-breakpoint
CREATE INDEX "task_follow_ups_scheduled_idx" ON "task_follow_ups" USING btree ("id") WHERE "task_follow_ups"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "creator_conversations_shop_platform_key" ON "creator_conversations" USING btree ("shop_id","platform_conversation_id");--> statement-breakpoint
CREATE INDEX "creator_conversations_user_last_idx" ON "creator_conversations" USING btree ("user_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "creator_conversations_talent_idx" ON "creator_conversations" USING btree ("talent_id") WHERE "creator_conversations"."talent_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_conversations_awaiting_idx" ON "creator_conversations" USING btree ("user_id","awaiting_reply_since") WHERE "creator_conversations"."awaiting_reply_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_messages_conversation_platform_key" ON "creator_messages" USING btree ("conversation_id","platform_message_id");--> statement-breakpoint
CREATE INDEX "creator_messages_conversation_sent_idx" ON "creator_messages" USING btree ("conversation_id","sent_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_requests_shop_platform_key" ON "sample_requests" USING btree ("shop_id","platform_application_id");--> statement-breakpoint
CREATE INDEX "sample_requests_user_applied_idx" ON "sample_requests" USING btree ("user_id","applied_at","id");--> statement-breakpoint
CREATE INDEX "sample_requests_user_status_idx" ON "sample_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "sample_requests_talent_idx" ON "sample_requests" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_orders_shop_order_key" ON "affiliate_orders" USING btree ("shop_id","platform_order_key");--> statement-breakpoint
CREATE INDEX "affiliate_orders_talent_idx" ON "affiliate_orders" USING btree ("talent_id") WHERE "affiliate_orders"."talent_id" is not null;--> statement-breakpoint
CREATE INDEX "affiliate_orders_task_idx" ON "affiliate_orders" USING btree ("task_id") WHERE "affiliate_orders"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "affiliate_orders_user_ordered_idx" ON "affiliate_orders" USING btree ("user_id","ordered_at");--> statement-breakpoint
CREATE INDEX "platform_sync_cursors_due_idx" ON "platform_sync_cursors" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "platform_sync_cursors_user_idx" ON "platform_sync_cursors" USING btree ("user_id") WHERE "platform_sync_cursors"."error_code" is not null;