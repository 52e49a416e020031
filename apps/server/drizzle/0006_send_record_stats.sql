CREATE TABLE "send_record_counts" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "send_record_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
CREATE TABLE "send_record_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "send_record_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "send_record_failures" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"error_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "send_record_failures_user_id_day_error_code_pk" PRIMARY KEY("user_id","day","error_code")
);
--> statement-breakpoint
DROP INDEX "send_records_user_created_idx";--> statement-breakpoint
ALTER TABLE "send_record_counts" ADD CONSTRAINT "send_record_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_record_days" ADD CONSTRAINT "send_record_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_record_failures" ADD CONSTRAINT "send_record_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The list's index carries every filter column, so a filtered page in either order, a
-- jump by offset and a capped count are index-only scans (drizzle cannot declare INCLUDE).
CREATE INDEX IF NOT EXISTS "send_records_user_created_cover" ON "send_records" USING btree ("user_id", "created_at", "id")
  INCLUDE ("status", "shop_id", "task_type", "content_type", "filter_type", "task_id", "talent_name");
--> statement-breakpoint
-- Counts per account and status, and the per-day activity (China time, the daily cap's
-- day), kept by statement-level triggers: one upsert per statement however many rows it
-- touches. Rows are upserted in key order, so concurrent statements never deadlock.
CREATE OR REPLACE FUNCTION "send_records_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO send_record_counts (user_id, status, total)
    SELECT user_id, status, count(*) FROM new_rows GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET total = send_record_counts.total + EXCLUDED.total;
  INSERT INTO send_record_days (user_id, day, created)
    SELECT user_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE SET created = send_record_days.created + EXCLUDED.created;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "send_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO send_record_counts (user_id, status, total)
    SELECT user_id, status, sum(delta) FROM (
      SELECT n.user_id, n.status, 1 AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status <> n.status
      UNION ALL
      SELECT o.user_id, o.status, -1 AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status <> n.status
    ) changes
    GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET total = send_record_counts.total + EXCLUDED.total;
  -- Records that became final count on the day they finished.
  INSERT INTO send_record_days (user_id, day, succeeded, failed)
    SELECT n.user_id, (coalesce(n.finished_at, now()) AT TIME ZONE 'Asia/Shanghai')::date AS day,
           count(*) FILTER (WHERE n.status = 'success'), count(*) FILTER (WHERE n.status = 'failed')
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.status IN ('success', 'failed') AND o.status NOT IN ('success', 'failed')
     GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE
    SET succeeded = send_record_days.succeeded + EXCLUDED.succeeded,
        failed = send_record_days.failed + EXCLUDED.failed;
  INSERT INTO send_record_failures (user_id, day, error_code, total)
    SELECT n.user_id, (coalesce(n.finished_at, now()) AT TIME ZONE 'Asia/Shanghai')::date AS day,
           coalesce(n.error_code, 'network'), count(*)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.status = 'failed' AND o.status NOT IN ('success', 'failed')
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, day, error_code) DO UPDATE
    SET total = send_record_failures.total + EXCLUDED.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "send_records_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update, not an upsert: when the account itself is being deleted its rows are already gone.
  UPDATE send_record_counts SET total = send_record_counts.total - gone.n
    FROM (SELECT user_id, status, count(*) AS n FROM old_rows GROUP BY user_id, status) gone
   WHERE send_record_counts.user_id = gone.user_id AND send_record_counts.status = gone.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "send_records_count_insert" AFTER INSERT ON "send_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_records_added"();
--> statement-breakpoint
CREATE TRIGGER "send_records_count_update" AFTER UPDATE ON "send_records"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_records_changed"();
--> statement-breakpoint
CREATE TRIGGER "send_records_count_delete" AFTER DELETE ON "send_records"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "send_records_removed"();
