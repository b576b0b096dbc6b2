-- The admins' quote requests: keyset paging newest first on (created_at, id), alone or with the
-- handled filter, and a case-insensitive prefix search on the email (stored lower-case), the name and
-- the company (lower-cased here and in the query). text_pattern_ops lets LIKE 'prefix%' use the
-- index in any collation; the three searches combine as one bitmap OR.
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_handled_created_idx" ON "quotes" USING btree ("handled","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_email_prefix_idx" ON "quotes" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_name_prefix_idx" ON "quotes" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "quotes_company_prefix_idx" ON "quotes" USING btree (lower("company") text_pattern_ops);
