-- Creators' answers move a record's stage (issue 19: accepted, replied, sample, content, first
-- order), hundreds of thousands a day for a busy account, and touch only columns no index
-- holds (`stage`, its times, `updated_at`). Two changes make such an update cheap
-- (`npm run bench -- sync`, docs/performance.md):
--
-- 1. Room on each page for a row's new version, so the update is HOT (heap-only: no entry in
--    any of the table's nine indexes; a full page makes every update write all nine). New
--    pages keep 15 % free; rows already stored stay where they are until rewritten.
ALTER TABLE "send_records" SET (fillfactor = 85);
--> statement-breakpoint
-- 2. The counting trigger (`send_records_count_update`, see send-records/schema.ts,
--    sendRecordCounts) returns at once when the statement changed no record's status: its three
--    upserts each joined the statement's old and new rows to find nothing. Otherwise as in
--    0010_account_time_zone.sql.
CREATE OR REPLACE FUNCTION "send_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status <> n.status) THEN
    RETURN NULL;
  END IF;
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
  -- Records that became final count on the (account's) day they finished.
  INSERT INTO send_record_days (user_id, day, succeeded, failed)
    SELECT n.user_id,
           account_day(u.time_zone, u.day_zone_from, u.held_day, coalesce(n.finished_at, now())) AS day,
           count(*) FILTER (WHERE n.status = 'success'), count(*) FILTER (WHERE n.status = 'failed')
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.user_id
     WHERE n.status IN ('success', 'failed') AND o.status NOT IN ('success', 'failed')
     GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE
    SET succeeded = send_record_days.succeeded + EXCLUDED.succeeded,
        failed = send_record_days.failed + EXCLUDED.failed;
  INSERT INTO send_record_failures (user_id, day, error_code, total)
    SELECT n.user_id,
           account_day(u.time_zone, u.day_zone_from, u.held_day, coalesce(n.finished_at, now())) AS day,
           coalesce(n.error_code, 'network'), count(*)
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.user_id
     WHERE n.status = 'failed' AND o.status NOT IN ('success', 'failed')
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, day, error_code) DO UPDATE
    SET total = send_record_failures.total + EXCLUDED.total;
  RETURN NULL;
END $$;
