ALTER TABLE "creator_events" DROP CONSTRAINT "creator_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "creator_events" DROP CONSTRAINT "creator_events_talent_id_talents_id_fk";
