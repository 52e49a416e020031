DROP INDEX "send_records_user_finished_idx";--> statement-breakpoint
DROP INDEX "send_records_claim_idx";--> statement-breakpoint
DROP INDEX "send_records_lease_idx";--> statement-breakpoint
CREATE INDEX "send_records_claim_idx" ON "send_records" USING btree ("shop_id","id") WHERE "send_records"."status" in ('pending', 'running') and "send_records"."channel" = 'browser';--> statement-breakpoint
CREATE INDEX "send_records_lease_idx" ON "send_records" USING btree ("leased_until") WHERE "send_records"."status" = 'running' and "send_records"."leased_until" is not null;