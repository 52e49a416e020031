-- The workplace funnel's `sent` (issue 19): records that succeeded before the success paths
-- counted them (send-records/action-records-repository.ts countSent) are counted once here.
-- Runs before any of this version's code writes the table, so nothing is counted twice.
INSERT INTO "record_stage_counts" ("user_id", "task_id", "stage", "count")
SELECT "user_id", "task_id", 'sent', count(*)
  FROM "send_records"
 WHERE "status" = 'success'
 GROUP BY "user_id", "task_id"
ON CONFLICT ("task_id", "stage") DO NOTHING;
