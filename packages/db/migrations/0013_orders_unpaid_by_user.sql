-- The unpaid-order cap (MAX_UNPAID_ORDERS_PER_CUSTOMER) counts a customer's unpaid orders on every
-- order placed. Through orders_user_created_idx that count visited every order the customer ever
-- placed (paid and cancelled ones too, each a heap fetch for its status); this partial index holds
-- only the unpaid ones, at most the cap per customer, so the check costs the same for a new customer
-- and for one with thousands of orders.
CREATE INDEX "orders_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'unpaid';
