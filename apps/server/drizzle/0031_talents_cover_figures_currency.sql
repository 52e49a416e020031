-- A business amount range is in one currency (issue 19: a synced amount is in its orders'
-- currency, figures_currency; the seller's own in CNY), so figures_currency is a filter
-- column: the default order's covering index carries it too, so a page filtered by amount
-- still reads index entries only while it looks for its rows (0003, 0008).
DROP INDEX IF EXISTS "talents_user_added_cover";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "talents_user_added_cover" ON "talents" USING btree ("user_id", "added_at", "id")
  INCLUDE ("name", "platform_talent_id", "status", "industry", "platform", "contact_method", "shop_name",
           "fans_count", "business_amount_fen", "deal_count", "labels", "created_at", "updated_at",
           "figures_currency");
