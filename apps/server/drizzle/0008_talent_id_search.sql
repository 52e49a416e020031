-- The talent list's search field finds a talent by name or by its platform talent ID,
-- exactly or by its start, in any case (issue 20). An ID is looked up on this index of
-- the owner's lower-cased IDs (text_pattern_ops: LIKE 'abc%' is a range scan under any
-- collation); a name on the name pieces' GIN index, and the planner ORs the two.
CREATE INDEX IF NOT EXISTS "talents_user_talent_id_prefix" ON "talents" USING btree ("user_id", lower("platform_talent_id") text_pattern_ops);
--> statement-breakpoint
-- The default order's covering index now carries the ID too, so a search in the default
-- order still reads index entries only while it looks for a page (0003).
DROP INDEX IF EXISTS "talents_user_added_cover";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "talents_user_added_cover" ON "talents" USING btree ("user_id", "added_at", "id")
  INCLUDE ("name", "platform_talent_id", "status", "industry", "platform", "contact_method", "shop_name",
           "fans_count", "business_amount_fen", "deal_count", "labels", "created_at", "updated_at");
