-- Why an order was cancelled (issue 11): My orders says "Reservation expired" only when it did, and
-- "Cancelled by the shop" when an admin cancelled it. A customer's delete removes the row (the spec's
-- deletedCount), so it needs no reason. Orders cancelled before this column keep none.
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_check" CHECK ("cancel_reason" IN ('admin', 'expiry'));
