CREATE TABLE "platform_sync_kinds" (
	"kind" text PRIMARY KEY NOT NULL,
	"platform" text NOT NULL
);
--> statement-breakpoint
-- Hand-appended: a shop's sync cursors follow its connection (platforms/sync service.ts), in
-- the statement that changes the shop: bound with a platform connection, it gets a cursor of
-- each kind of its platform (due at the shop's own updated_at, the server's clock, so at
-- once); unbound, expired, or its connection removed (ON DELETE SET NULL), its cursors go.
-- A pass of the syncs then only claims due cursors, and lists no shops.
CREATE OR REPLACE FUNCTION "shops_sync_cursors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bind_status = 'BOUND' AND NEW.connection_id IS NOT NULL THEN
    INSERT INTO platform_sync_cursors (shop_id, kind, user_id, due_at, created_at, updated_at)
      SELECT NEW.id, k.kind, NEW.user_id, coalesce(NEW.updated_at, now()),
             coalesce(NEW.updated_at, now()), coalesce(NEW.updated_at, now())
        FROM platform_sync_kinds k
       WHERE k.platform = NEW.platform
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM platform_sync_cursors WHERE shop_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shops_sync_cursors_inserted" AFTER INSERT ON "shops"
  FOR EACH ROW EXECUTE FUNCTION "shops_sync_cursors"();
--> statement-breakpoint
-- Only when whether the shop is connected may have changed (a rename touches nothing).
CREATE TRIGGER "shops_sync_cursors_updated" AFTER UPDATE OF "bind_status", "connection_id", "platform" ON "shops"
  FOR EACH ROW
  WHEN (OLD.bind_status IS DISTINCT FROM NEW.bind_status
        OR OLD.connection_id IS DISTINCT FROM NEW.connection_id
        OR OLD.platform IS DISTINCT FROM NEW.platform)
  EXECUTE FUNCTION "shops_sync_cursors"();
--> statement-breakpoint
-- The kinds of this version (sync/kinds.ts; PlatformSync.prepare saves them again at every
-- start), and the cursors of the shops connected before this migration, once.
INSERT INTO "platform_sync_kinds" ("kind", "platform") VALUES
  ('tiktok.collaborations', 'tiktok'),
  ('tiktok.conversations', 'tiktok'),
  ('tiktok.orders', 'tiktok'),
  ('tiktok.samples', 'tiktok'),
  ('douyin.plan_authors', 'douyin')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "platform_sync_cursors" ("shop_id", "kind", "user_id", "due_at")
SELECT s."id", k."kind", s."user_id", now()
  FROM "shops" s JOIN "platform_sync_kinds" k ON k."platform" = s."platform"
 WHERE s."bind_status" = 'BOUND' AND s."connection_id" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "platform_sync_cursors" c
 WHERE NOT EXISTS (SELECT 1 FROM "shops" s
                    WHERE s."id" = c."shop_id" AND s."bind_status" = 'BOUND'
                      AND s."connection_id" IS NOT NULL);
