-- Part numbers (issue 58, decision 0056). Every tool gets a SKU made from its category's slug and its
-- place in the catalogue by age: the slug's first three letters or digits in capitals, a dash and a
-- number of at least five digits (ELE-00001, DRI-00002), unique because the number is. The sequence
-- goes on from there for the tools the API adds without a SKU. Order and quote lines keep the SKU of
-- their tool as it is now, as they keep its name and picture; a line whose tool was deleted before
-- keeps none. Nothing else changes.
CREATE SEQUENCE "public"."tool_sku_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "tools" SET "sku" = "numbered"."prefix" || '-' || lpad("numbered"."n"::text, greatest(5, length("numbered"."n"::text)), '0') FROM (
	SELECT "tools"."id", upper(left(replace("categories"."slug", '-', ''), 3)) AS "prefix", row_number() OVER (ORDER BY "tools"."created_at", "tools"."id") AS "n"
	FROM "tools" JOIN "categories" ON "categories"."id" = "tools"."category_id"
) AS "numbered" WHERE "numbered"."id" = "tools"."id";--> statement-breakpoint
SELECT setval('"public"."tool_sku_numbers"', greatest(count(*), 1), count(*) > 0) FROM "tools";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_lines" SET "sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "order_lines"."tool_id";--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "quote_lines" SET "sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "quote_lines"."tool_id";--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_unique" ON "tools" USING btree (lower("sku"));--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_sku_format" CHECK ("tools"."sku" ~ '^[A-Za-z0-9]+([./-][A-Za-z0-9]+)*$' and length("tools"."sku") <= 40);
