ALTER TABLE "orders" ADD COLUMN "tax_rate_percent" numeric(6, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_rate_range" CHECK ("orders"."tax_rate_percent" between 0 and 100);