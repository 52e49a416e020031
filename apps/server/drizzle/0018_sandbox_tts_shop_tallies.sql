CREATE TABLE "sandbox_tts_shop_tallies" (
	"shop_id" text NOT NULL,
	"period" text NOT NULL,
	"collaborations" integer DEFAULT 0 NOT NULL,
	"creators" integer DEFAULT 0 NOT NULL,
	"quota_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sandbox_tts_shop_tallies_shop_id_period_pk" PRIMARY KEY("shop_id","period")
);
