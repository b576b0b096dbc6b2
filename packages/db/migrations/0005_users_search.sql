-- The admins' user list: keyset paging in account order, and a case-insensitive email prefix search
-- (emails are stored lower-case; text_pattern_ops lets LIKE 'prefix%' use the index in any collation).
CREATE INDEX "users_created_at_email_idx" ON "users" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);
