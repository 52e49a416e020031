CREATE TABLE "task_funnel_counts" (
	"task_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"accepted" bigint DEFAULT 0 NOT NULL,
	"replied" bigint DEFAULT 0 NOT NULL,
	"sample_requested" bigint DEFAULT 0 NOT NULL,
	"content_posted" bigint DEFAULT 0 NOT NULL,
	"first_order" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_order_task_gmv" (
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_order_task_gmv_task_id_currency_shop_id_pk" PRIMARY KEY("task_id","currency","shop_id")
);
--> statement-breakpoint
ALTER TABLE "task_funnel_counts" ADD CONSTRAINT "task_funnel_counts_task_id_invitation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."invitation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_funnel_counts" ADD CONSTRAINT "task_funnel_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_order_task_gmv" ADD CONSTRAINT "affiliate_order_task_gmv_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_order_task_gmv" ADD CONSTRAINT "affiliate_order_task_gmv_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_funnel_counts_user_idx" ON "task_funnel_counts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "affiliate_order_task_gmv_user_idx" ON "affiliate_order_task_gmv" USING btree ("user_id");--> statement-breakpoint
-- Hand-appended: the funnel's GMV rollup from the orders already kept (issue 19): per task,
-- shop and currency, the sum and count of the non-void lines attributed to a task, as
-- affiliate-orders/repository.ts upsertOrders keeps it from now on. Runs in the migration,
-- before any of this version's code writes orders, so nothing is counted twice.
INSERT INTO "affiliate_order_task_gmv" ("user_id", "shop_id", "task_id", "currency", "amount_minor", "orders")
SELECT "user_id", "shop_id", "task_id", "currency", sum("amount_minor"), count(*)
  FROM "affiliate_orders"
 WHERE "void" = 0 AND "task_id" IS NOT NULL
 GROUP BY "user_id", "shop_id", "task_id", "currency";
--> statement-breakpoint
-- Hand-appended: the workplace funnel's counts per task, one row with a column per funnel
-- step (issue 19, send-records schema.ts task_funnel_counts), kept from record_stage_counts by
-- statement-level triggers: whatever a statement adds to a task's stage counts (its writers
-- upsert `count + n`) is added here in the same statement, one upsert per statement however
-- many rows, tasks in id order (the writers lock their count rows in task order first, so
-- two writers never deadlock here). Stages that are not funnel steps are left out.
CREATE OR REPLACE FUNCTION "record_stage_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_funnel_counts (task_id, user_id, sent, accepted, replied, sample_requested,
                                  content_posted, first_order)
    SELECT task_id, min(user_id),
           coalesce(sum(count) FILTER (WHERE stage = 'sent'), 0),
           coalesce(sum(count) FILTER (WHERE stage = 'accepted'), 0),
           coalesce(sum(count) FILTER (WHERE stage = 'replied'), 0),
           coalesce(sum(count) FILTER (WHERE stage = 'sample_requested'), 0),
           coalesce(sum(count) FILTER (WHERE stage = 'content_posted'), 0),
           coalesce(sum(count) FILTER (WHERE stage = 'first_order'), 0)
      FROM new_rows GROUP BY task_id ORDER BY task_id
  ON CONFLICT (task_id) DO UPDATE
    SET sent = task_funnel_counts.sent + EXCLUDED.sent,
        accepted = task_funnel_counts.accepted + EXCLUDED.accepted,
        replied = task_funnel_counts.replied + EXCLUDED.replied,
        sample_requested = task_funnel_counts.sample_requested + EXCLUDED.sample_requested,
        content_posted = task_funnel_counts.content_posted + EXCLUDED.content_posted,
        first_order = task_funnel_counts.first_order + EXCLUDED.first_order;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_stage_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_funnel_counts (task_id, user_id, sent, accepted, replied, sample_requested,
                                  content_posted, first_order)
    SELECT task_id, min(user_id),
           coalesce(sum(delta) FILTER (WHERE stage = 'sent'), 0),
           coalesce(sum(delta) FILTER (WHERE stage = 'accepted'), 0),
           coalesce(sum(delta) FILTER (WHERE stage = 'replied'), 0),
           coalesce(sum(delta) FILTER (WHERE stage = 'sample_requested'), 0),
           coalesce(sum(delta) FILTER (WHERE stage = 'content_posted'), 0),
           coalesce(sum(delta) FILTER (WHERE stage = 'first_order'), 0)
      FROM (SELECT task_id, user_id, stage, count AS delta FROM new_rows
            UNION ALL
            SELECT task_id, user_id, stage, -count FROM old_rows) moves
     GROUP BY task_id ORDER BY task_id
  ON CONFLICT (task_id) DO UPDATE
    SET sent = task_funnel_counts.sent + EXCLUDED.sent,
        accepted = task_funnel_counts.accepted + EXCLUDED.accepted,
        replied = task_funnel_counts.replied + EXCLUDED.replied,
        sample_requested = task_funnel_counts.sample_requested + EXCLUDED.sample_requested,
        content_posted = task_funnel_counts.content_posted + EXCLUDED.content_posted,
        first_order = task_funnel_counts.first_order + EXCLUDED.first_order;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An INSERT … ON CONFLICT DO UPDATE fires both: its new rows in the first, its updated rows
-- (old and new) in the second. Creating them locks record_stage_counts against writes until
-- this migration commits, so the backfill below and the triggers count every row once.
CREATE TRIGGER "record_stage_counts_added" AFTER INSERT ON "record_stage_counts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_stage_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "record_stage_counts_changed" AFTER UPDATE ON "record_stage_counts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "record_stage_counts_changed"();
--> statement-breakpoint
-- The counts already kept, once.
INSERT INTO "task_funnel_counts" ("task_id", "user_id", "sent", "accepted", "replied",
                                  "sample_requested", "content_posted", "first_order")
SELECT "task_id", min("user_id"),
       coalesce(sum("count") FILTER (WHERE "stage" = 'sent'), 0),
       coalesce(sum("count") FILTER (WHERE "stage" = 'accepted'), 0),
       coalesce(sum("count") FILTER (WHERE "stage" = 'replied'), 0),
       coalesce(sum("count") FILTER (WHERE "stage" = 'sample_requested'), 0),
       coalesce(sum("count") FILTER (WHERE "stage" = 'content_posted'), 0),
       coalesce(sum("count") FILTER (WHERE "stage" = 'first_order'), 0)
  FROM "record_stage_counts"
 GROUP BY "task_id";
