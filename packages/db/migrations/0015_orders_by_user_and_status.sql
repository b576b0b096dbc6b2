-- The unpaid-order cap's count gets a plain index on (user_id, status) instead of 0013's partial one.
-- A partial index WHERE status = 'unpaid' is a candidate for every statement that says status =
-- 'unpaid', and its size in the planner's statistics is what it held at the last vacuum: vacuumed
-- when no order was unpaid (a quiet night, or a new database), it looked empty for good, so paying,
-- cancelling or expiring one order by its id walked every unpaid order instead of the primary key
-- (4 ms of PostgreSQL per payment with 10,000 unpaid orders). A full index's statistics cannot claim
-- that it is empty, and the count still visits only the customer's unpaid orders.
DROP INDEX IF EXISTS "orders_unpaid_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");
