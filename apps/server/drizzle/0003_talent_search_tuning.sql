-- The default sort's index carries every filter column, so a filtered page in the
-- default order, a jump by offset and a capped count are index-only scans: no table
-- row is read until the page's own rows are fetched (drizzle cannot declare INCLUDE).
CREATE INDEX IF NOT EXISTS "talents_user_added_cover" ON "talents" USING btree ("user_id", "added_at", "id")
  INCLUDE ("name", "status", "industry", "platform", "contact_method", "shop_name", "fans_count",
           "business_amount_fen", "deal_count", "labels", "created_at", "updated_at");
--> statement-breakpoint
-- Talents per account, kept by statement-level triggers (one update per statement,
-- however many rows it touches), so the unfiltered total costs one row read.
CREATE OR REPLACE FUNCTION "talent_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO talent_counts (user_id, total)
    SELECT user_id, count(*) FROM new_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = talent_counts.total + EXCLUDED.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "talent_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update, not an upsert: when the account itself is being deleted its row is already gone.
  UPDATE talent_counts SET total = talent_counts.total - gone.n
    FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id) gone
   WHERE talent_counts.user_id = gone.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "talents_count_insert" AFTER INSERT ON "talents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "talent_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "talents_count_delete" AFTER DELETE ON "talents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "talent_counts_remove"();
--> statement-breakpoint
-- A talent never changes owner; TRUNCATE (tests) empties talent_counts with it.
INSERT INTO talent_counts (user_id, total)
  SELECT user_id, count(*) FROM talents GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET total = EXCLUDED.total;
