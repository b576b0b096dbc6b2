-- Taking a tool's stock no longer rewrites its index entries (decision 0023). The featured sort's index
-- (0009) was on the expression available_quantity < min_quantity, so every order's stock update changed
-- an indexed column: PostgreSQL could not update the row in place (a HOT update) and wrote a new entry
-- into each of the table's six indexes, the full-text GIN index among them; a tool on sale left
-- thousands of dead entries on its key for every lookup to step over. The index is now on a stored
-- column, sold_out, which changes only when the tool sells out or is restocked. A fill factor of 80
-- leaves room on each page for the rows' new versions.
ALTER TABLE "tools" SET (fillfactor = 80);--> statement-breakpoint
DROP INDEX IF EXISTS "tools_featured_idx";--> statement-breakpoint
-- Adding a stored column rewrites the table, at the fill factor just set.
ALTER TABLE "tools" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS ("available_quantity" < "min_quantity") STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_featured_idx" ON "tools" USING btree ("sold_out","category","name","id");
