-- Manage Orders and My orders in pages (issue 13): keyset on (created_at, id), newest first, read
-- backwards through these btrees so that a first page and a deep page both stop after limit + 1 rows
-- and nothing sorts the whole table. The two (user|status, created_at) indexes are rebuilt with id, the
-- keyset's tie-breaker, under the same names.
DROP INDEX IF EXISTS "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
-- Manage Orders without a status filter lists every order but the cancelled ones (also by date range).
CREATE INDEX "orders_active_created_id_idx" ON "orders" USING btree ("created_at","id") WHERE "status" <> 'cancelled';--> statement-breakpoint
-- The search by customer email: a prefix (emails are stored lower-case; text_pattern_ops lets
-- LIKE 'prefix%' use the index in any collation). Order numbers use orders_number_unique (0006).
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree ("email" text_pattern_ops);
