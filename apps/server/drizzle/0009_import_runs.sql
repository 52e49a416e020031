CREATE TABLE "import_runs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"undoing" boolean DEFAULT false NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_runs_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "talent_import_undo" (
	"run_id" text NOT NULL,
	"talent_id" bigint NOT NULL,
	"added" boolean NOT NULL,
	"name" text,
	"name_grams" text[],
	"shop_name" text,
	"industry" text,
	"labels" text[],
	"status" text,
	"status_before_blacklist" text,
	"contact_method" text,
	"contact_info" text,
	"fans_count" bigint,
	"video_avg_views" bigint,
	"video_gpm_fen" bigint,
	"live_avg_views" bigint,
	"live_gpm_fen" bigint,
	"business_amount_fen" bigint,
	"deal_count" bigint,
	"remark" text,
	"added_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "talent_import_undo_run_id_talent_id_pk" PRIMARY KEY("run_id","talent_id")
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;