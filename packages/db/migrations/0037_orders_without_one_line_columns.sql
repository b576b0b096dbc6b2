-- The orders' one-line columns go: an order's answer derives its spec fields from its lines (issue 57).
-- Every order placed since 0024 has its lines; one written without (straight into the table) gets its
-- one line from these columns first, so that no order loses its tool.
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "name", "image", "unit_price_cents", "quantity", "total_cents", "refunded_quantity")
SELECT "id", 0, "tool_id", "name", "image", "unit_price_cents", "quantity", "unit_price_cents" * "quantity",
  CASE WHEN "status" = 'refunded' THEN "quantity" ELSE 0 END
FROM "orders" WHERE NOT EXISTS (SELECT FROM "order_lines" WHERE "order_lines"."order_id" = "orders"."id");--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_tool_id_tools_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tool_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "image";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";