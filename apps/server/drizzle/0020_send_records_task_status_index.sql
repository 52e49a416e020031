DROP INDEX "send_records_task_idx";--> statement-breakpoint
DROP INDEX "send_records_task_open_idx";--> statement-breakpoint
CREATE INDEX "send_records_task_status_idx" ON "send_records" USING btree ("task_id","status");