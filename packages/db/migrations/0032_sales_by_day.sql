CREATE TABLE "sales_by_day" (
	"day" date PRIMARY KEY NOT NULL,
	"paid_orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_sales_by_day" (
	"day" date NOT NULL,
	"tool_id" uuid NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "tool_sales_by_day_pkey" PRIMARY KEY("day","tool_id")
);
--> statement-breakpoint
DROP INDEX "order_lines_refunded_idx";--> statement-breakpoint
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
ALTER TABLE "tool_sales_by_day" ADD CONSTRAINT "tool_sales_by_day_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_sales_by_day_covering_idx" ON "tool_sales_by_day" USING btree ("day","tool_id","revenue_cents","quantity");--> statement-breakpoint
-- custom: the days before this migration, counted from the orders as packages/db/src/sales.ts recounts
-- them (decision 0048): paid, shipped and delivered orders on their UTC day of payment, less the
-- units refunded line by line; a wholly refunded or cancelled order counts nothing.
INSERT INTO "sales_by_day" ("day", "paid_orders", "revenue_cents")
SELECT (o."paid_at" AT TIME ZONE 'utc')::date, count(*), sum(o."total_cents" - coalesce(r."cents", 0))
FROM "orders" o
LEFT JOIN (
  SELECT "order_id", sum("unit_price_cents" * "refunded_quantity") AS "cents"
  FROM "order_lines" WHERE "refunded_quantity" > 0 GROUP BY "order_id"
) r ON r."order_id" = o."id"
WHERE o."status" IN ('paid', 'shipped', 'delivered') AND o."paid_at" IS NOT NULL
GROUP BY 1;--> statement-breakpoint
INSERT INTO "tool_sales_by_day" ("day", "tool_id", "revenue_cents", "quantity")
SELECT (o."paid_at" AT TIME ZONE 'utc')::date, l."tool_id",
  sum(l."unit_price_cents" * (l."quantity" - l."refunded_quantity")), sum(l."quantity" - l."refunded_quantity")
FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
WHERE o."status" IN ('paid', 'shipped', 'delivered') AND o."paid_at" IS NOT NULL AND l."tool_id" IS NOT NULL
GROUP BY 1, 2;
