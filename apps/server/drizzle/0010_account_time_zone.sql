ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_zone_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_day" date;--> statement-breakpoint
-- An account's calendar day at an instant (issue 20 #9): the day in its time zone
-- (Asia/Shanghai until it chooses one). After a change of zone made while the day had
-- invitations, the day in progress (held_day) goes on until day_zone_from, a midnight of the
-- new zone, so a change never starts a second daily allowance. The rollups below and the
-- allowance count these days; apps/server/src/modules/user/time-zone.ts says the same in
-- TypeScript for what the server works out ahead (when today ends, where a change starts).
CREATE OR REPLACE FUNCTION "account_day"(zone text, zone_from timestamptz, held date, at timestamptz)
RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN zone_from IS NOT NULL AND at < zone_from THEN held
    ELSE greatest(held, (at AT TIME ZONE coalesce(zone, 'Asia/Shanghai'))::date)
  END
$$;
--> statement-breakpoint
-- The per-day activity (0006) is counted on the account's days from now on; the rows already
-- written keep the China days they were counted on.
CREATE OR REPLACE FUNCTION "send_records_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO send_record_counts (user_id, status, total)
    SELECT user_id, status, count(*) FROM new_rows GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET total = send_record_counts.total + EXCLUDED.total;
  INSERT INTO send_record_days (user_id, day, created)
    SELECT n.user_id, account_day(u.time_zone, u.day_zone_from, u.held_day, n.created_at) AS day, count(*)
      FROM new_rows n JOIN users u ON u.id = n.user_id
     GROUP BY 1, 2 ORDER BY 1, 2
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
