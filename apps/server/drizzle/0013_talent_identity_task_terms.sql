ALTER TABLE "invitation_tasks" ADD COLUMN "platform_terms" jsonb;--> statement-breakpoint
ALTER TABLE "send_records" ADD COLUMN "identity" jsonb;--> statement-breakpoint
ALTER TABLE "talent_import_undo" ADD COLUMN "creator_open_id" text;--> statement-breakpoint
ALTER TABLE "talent_import_undo" ADD COLUMN "buyin_id" text;--> statement-breakpoint
ALTER TABLE "talent_import_undo" ADD COLUMN "buyin_uid" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "creator_open_id" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "buyin_id" text;--> statement-breakpoint
ALTER TABLE "talents" ADD COLUMN "buyin_uid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "talents_user_open_id_key" ON "talents" USING btree ("user_id","creator_open_id") WHERE "talents"."creator_open_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "talents_user_buyin_id_key" ON "talents" USING btree ("user_id","buyin_id") WHERE "talents"."buyin_id" is not null;