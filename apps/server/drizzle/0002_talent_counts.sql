CREATE TABLE "talent_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "talents_user_added_idx";--> statement-breakpoint
ALTER TABLE "talent_counts" ADD CONSTRAINT "talent_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;