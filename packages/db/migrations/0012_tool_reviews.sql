-- Reviews of one tool (issue 12): a review may name a tool its author bought; null for a review of the
-- shop in general. Deleting a tool keeps its reviews as shop reviews. The product page reads a tool's
-- visible reviews newest first, and their count and average: a partial index serves exactly that.
ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_tool_visible_created_idx" ON "reviews" USING btree ("tool_id","created_at" DESC,"id" DESC) WHERE "reviews"."hidden" = false AND "reviews"."tool_id" IS NOT NULL;
