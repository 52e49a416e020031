CREATE TABLE "platform_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"shop_id" integer NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"batch" integer NOT NULL,
	"batches" integer NOT NULL,
	"name" text,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"lease_id" uuid,
	"leased_until" timestamp with time zone,
	"call_started_at" timestamp with time zone,
	"reference" jsonb,
	"error_code" text,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "platform_actions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "platform_shop_pauses" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"resumes_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"answer" jsonb NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_tasks" ADD COLUMN "channel" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "channel" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "action_id" bigint;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "platform_reference" jsonb;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "platform_answer" jsonb;--> statement-breakpoint
ALTER TABLE "platform_actions" ADD CONSTRAINT "platform_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_actions" ADD CONSTRAINT "platform_actions_task_id_invitation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."invitation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_actions" ADD CONSTRAINT "platform_actions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_shop_pauses" ADD CONSTRAINT "platform_shop_pauses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_shop_pauses" ADD CONSTRAINT "platform_shop_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_actions_open_idx" ON "platform_actions" USING btree ("shop_id","id") WHERE "platform_actions"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "platform_actions_task_idx" ON "platform_actions" USING btree ("task_id","id");--> statement-breakpoint
ALTER TABLE "send_records" ADD CONSTRAINT "send_records_action_id_platform_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."platform_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "send_records_action_idx" ON "send_records" USING btree ("action_id") WHERE "send_records"."action_id" is not null;