CREATE TABLE "affiliate_order_task_gmv" (
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_order_task_gmv_task_id_currency_shop_id_pk" PRIMARY KEY("task_id","currency","shop_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_order_task_gmv" ADD CONSTRAINT "affiliate_order_task_gmv_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_order_task_gmv" ADD CONSTRAINT "affiliate_order_task_gmv_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_order_task_gmv_user_idx" ON "affiliate_order_task_gmv" USING btree ("user_id");--> statement-breakpoint
-- Hand-appended: the funnel's GMV rollup from the orders already kept (issue 19): per task,
-- shop and currency, the sum and count of the non-void lines attributed to a task, as
-- affiliate-orders/repository.ts upsertOrders keeps it from now on. Runs in the migration,
-- before any of this version's code writes orders, so nothing is counted twice.
INSERT INTO "affiliate_order_task_gmv" ("user_id", "shop_id", "task_id", "currency", "amount_minor", "orders")
SELECT "user_id", "shop_id", "task_id", "currency", sum("amount_minor"), count(*)
  FROM "affiliate_orders"
 WHERE "void" = 0 AND "task_id" IS NOT NULL
 GROUP BY "user_id", "shop_id", "task_id", "currency";
