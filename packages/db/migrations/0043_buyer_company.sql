-- The company a customer buys for and its tax/VAT number on the profile, and the company and number an
-- order bills, frozen when it is placed (issue 62). Nullable, no data moves: older orders bill none.
ALTER TABLE "orders" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_id" text;