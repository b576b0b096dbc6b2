CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tool_id" uuid,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_pkey" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_refunded_range" CHECK ("order_lines"."refunded_quantity" between 0 and "order_lines"."quantity")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
-- Every order placed before this migration becomes its one line, from its own columns: nothing lost
-- (the orders keep those columns, which describe their first line, decision 0038).
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "name", "image", "unit_price_cents", "quantity", "total_cents", "refunded_quantity")
SELECT "id", 0, "tool_id", "name", "image", "unit_price_cents", "quantity", "total_cents",
  CASE WHEN "status" = 'refunded' THEN "quantity" ELSE 0 END
FROM "orders";--> statement-breakpoint
-- Orders are placed by one Drizzle transaction in TypeScript now (decision 0038): the SQL function goes.
DROP FUNCTION IF EXISTS place_orders(uuid[], text[], uuid[], integer[], text[], text[], text[], text[], integer, bigint, timestamptz);
