ALTER TABLE "sandbox_doudian_plan_authors" ADD COLUMN "origin" text DEFAULT 'added' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_doudian_plan_authors" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_doudian_plans" ADD COLUMN "applications_until" timestamp with time zone;