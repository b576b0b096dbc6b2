-- Tool categories and the searchable, pageable catalogue (issues 12 and 13).
-- Existing tools become mechanical (the column's default, also the API's when POST /tools sends none);
-- the demo tools that are electrical are then named. The category is checked here as well as by zod.
ALTER TABLE "tools" ADD COLUMN "category" text DEFAULT 'mechanical' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_known" CHECK ("tools"."category" in ('electrical', 'mechanical'));--> statement-breakpoint
UPDATE "tools" SET "category" = 'electrical' WHERE "name" in ('Electric Drill', 'Wire Strippers', 'Fish Tape', 'Voltage Tester');--> statement-breakpoint
-- Full-text search over name and description. 'simple' lower-cases but neither stems nor drops stop
-- words, so model names and part numbers (M12, 0.5, VDE) match as typed, in any language.
ALTER TABLE "tools" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "name" || ' ' || "short")) STORED;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search");--> statement-breakpoint
-- One btree per keyset sort, ending with id (the tie-break). Each serves its sort both ways, so
-- "price" and "price-desc" share one. Featured: in stock (stock covers the minimum order) first.
CREATE INDEX "tools_featured_idx" ON "tools" USING btree (("available_quantity" < "min_quantity"),"category","name","id");--> statement-breakpoint
CREATE INDEX "tools_price_idx" ON "tools" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tools_created_at_idx" ON "tools" USING btree ("created_at","id");
