-- The send records list filters by stage (issue 19: "reached this stage", its time is set), so
-- the list's covering index carries the stage times too (0006: a filtered page, a jump by
-- offset and a capped count stay index-only scans; drizzle cannot declare INCLUDE).
DROP INDEX IF EXISTS "send_records_user_created_cover";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "send_records_user_created_cover" ON "send_records" USING btree ("user_id", "created_at", "id")
  INCLUDE ("status", "shop_id", "task_type", "content_type", "filter_type", "task_id", "talent_name",
           "accepted_at", "declined_at", "expired_at", "replied_at", "sample_requested_at",
           "content_posted_at", "first_order_at");
