ALTER TABLE "tools" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
CREATE INDEX "order_lines_refunded_idx" ON "order_lines" USING btree ("order_id") WHERE "order_lines"."refunded_quantity" > 0;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","status","total_cents");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_threshold_non_negative" CHECK ("tools"."low_stock_threshold" >= 0);