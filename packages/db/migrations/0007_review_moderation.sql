-- Review moderation (issue 11): admins hide a review from the public list without deleting it, and a
-- customer posts at most one review a day (the check reads the author's newest review: user_id index).
ALTER TABLE "reviews" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_user_created_idx" ON "reviews" USING btree ("user_id","created_at");
