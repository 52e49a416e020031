CREATE TABLE "platform_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"open_id" text NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"seller_base_region" text DEFAULT '' NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"refresh_token_expires_at" timestamp with time zone NOT NULL,
	"granted_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"refresh_claimed_until" timestamp with time zone,
	"last_refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "platform_shop_id" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "platform_cipher" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "platform_region" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_oauth_states" ADD CONSTRAINT "platform_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_oauth_states" ADD CONSTRAINT "platform_oauth_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_user_seller_key" ON "platform_connections" USING btree ("user_id","platform","open_id");--> statement-breakpoint
CREATE INDEX "platform_connections_refresh_idx" ON "platform_connections" USING btree ("access_token_expires_at") WHERE "platform_connections"."status" = 'active';--> statement-breakpoint
CREATE INDEX "platform_oauth_states_expires_idx" ON "platform_oauth_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_connection_id_platform_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."platform_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shops_connection_idx" ON "shops" USING btree ("connection_id");