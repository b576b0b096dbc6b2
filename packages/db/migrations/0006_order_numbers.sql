-- Receipt numbers (TS-000123, issue 11): one sequence per shop, as a shop is one database. Existing
-- orders are numbered in the order they were placed, then the sequence continues after the last one.
CREATE SEQUENCE "orders_number_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" SET "number" = "numbered"."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
-- is_called false on an empty table: the first order gets 1.
SELECT setval('orders_number_seq', coalesce((SELECT max("number") FROM "orders"), 1), (SELECT count(*) > 0 FROM "orders"));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "orders_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE ("number");
